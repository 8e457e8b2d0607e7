import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../constants/limits';
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_MESSAGES,
  attachmentProblem,
  MAX_ATTACHMENT_FILE_NAME_LENGTH,
  MAX_ATTACHMENTS_PER_MESSAGE,
} from './attachment-files';

/** The attachment routes' bodies and answers (the file rules are in attachment-files). */
const fileNameField = z.string().check(
  z.trim(),
  z.minLength(1, 'A file name is required'),
  z.maxLength(
    MAX_ATTACHMENT_FILE_NAME_LENGTH,
    `A file name may be at most ${MAX_ATTACHMENT_FILE_NAME_LENGTH} characters`,
  ),
  z.refine(
    (name) => ![...name].some((char) => char === '/' || char === '\\' || char < ' ' || char === '\u007f'),
    'A file name may not contain slashes or control characters',
  ),
);

/** POST /conversations/{id}/attachments (the conversation is the path's; the body may repeat it). */
export const createUploadBodySchema = z
  .object({
    conversationId: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
    fileName: fileNameField,
    contentType: z.string().check(z.maxLength(200)),
    size: z.number().check(z.int(), z.gte(0)),
  })
  .check(
    z.superRefine((body, ctx) => {
      const problem = attachmentProblem(body);
      if (problem) ctx.addIssue({ code: 'custom', path: ['fileName'], message: problem });
    }),
  );
export type CreateUploadBody = z.infer<typeof createUploadBodySchema>;

/** The upload: PUT the file's bytes to `uploadUrl` with exactly these headers, before `expiresAt`. */
export const createUploadResponseSchema = z.object({
  attachmentId: z.string().check(z.minLength(1)),
  uploadUrl: z.url(),
  headers: z.record(z.string(), z.string()),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

/** An attachment of a message. */
export const attachmentSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  fileName: z.string().check(z.minLength(1), z.maxLength(MAX_ATTACHMENT_FILE_NAME_LENGTH)),
  contentType: z.string().check(z.minLength(1)),
  size: z.number().check(z.int(), z.nonnegative()),
  kind: z.enum(ATTACHMENT_KINDS),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** GET /conversations/{id}/attachments/{attachmentId}?redirect=false: where to fetch it. */
export const attachmentUrlResponseSchema = z.object({
  url: z.url(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export type AttachmentUrlResponse = z.infer<typeof attachmentUrlResponseSchema>;

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
      ctx.addIssue({ code: 'custom', message: ATTACHMENT_MESSAGES.tooMany });
    } else if (ids.some((id) => !ATTACHMENT_ID.test(id))) {
      ctx.addIssue({ code: 'custom', message: 'Invalid attachment id' });
    } else if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: 'An attachment is listed twice' });
    }
  }),
);
