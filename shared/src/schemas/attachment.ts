import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../constants/limits';
import {
  ATTACHMENT_INPUT_MESSAGES,
  ATTACHMENT_KINDS,
  MAX_ATTACHMENT_FILE_NAME_LENGTH,
  MAX_ATTACHMENTS_PER_MESSAGE,
} from './attachment-limits';

/*
 * A message's attachments and the stream's list of them, on the first load (the routes' bodies and
 * answers are in attachment-routes, the file rules in attachment-files).
 */

/** An attachment of a message. */
export const attachmentSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  fileName: z.string().check(z.minLength(1), z.maxLength(MAX_ATTACHMENT_FILE_NAME_LENGTH)),
  contentType: z.string().check(z.minLength(1)),
  size: z.number().check(z.int(), z.nonnegative()),
  kind: z.enum(ATTACHMENT_KINDS),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** The ids of a comma-separated list (blanks around them and empty entries dropped). */
export function splitAttachmentIds(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

const ATTACHMENT_ID = /^[\w-]{1,64}$/;

/**
 * The attachment ids of a stream's trigger message: comma-separated, distinct, at most five.
 * Stays a string (the query's type is what the client sends); split it with splitAttachmentIds.
 */
export const attachmentIdsField = z.string().check(
  z.maxLength(MAX_ATTACHMENTS_PER_MESSAGE * (MAX_ID_LENGTH + 1) + 16),
  z.superRefine((value, ctx) => {
    const ids = splitAttachmentIds(value);
    if (ids.length > MAX_ATTACHMENTS_PER_MESSAGE) {
      ctx.addIssue({ code: 'custom', message: ATTACHMENT_INPUT_MESSAGES.tooMany });
    } else if (ids.some((id) => !ATTACHMENT_ID.test(id))) {
      ctx.addIssue({ code: 'custom', message: 'Invalid attachment id' });
    } else if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: 'An attachment is listed twice' });
    }
  }),
);
