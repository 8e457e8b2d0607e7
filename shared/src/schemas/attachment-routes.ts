import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../constants/limits';
import { attachmentProblem } from './attachment-files';
import { MAX_ATTACHMENT_FILE_NAME_LENGTH } from './attachment-limits';

/*
 * The attachment routes' bodies and answers (the file rules are in attachment-files): the web app
 * loads them with its upload calls, apart from the message's attachments (attachment.ts).
 */

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

/** GET /conversations/{id}/attachments/{attachmentId}?redirect=false: where to fetch it. */
export const attachmentUrlResponseSchema = z.object({
  url: z.url(),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export type AttachmentUrlResponse = z.infer<typeof attachmentUrlResponseSchema>;
