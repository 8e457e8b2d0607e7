/**
 * Attachments (issue 17): images for the models that take them, text and code files as context.
 * Files go straight to storage through presigned URLs; these are the limits both sides check.
 * The file types and their checks are in attachment-files (the web app loads them with the first
 * file picked); this module is what the first load needs (the message's and the stream's schemas).
 */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_TEXT_FILE_BYTES = 512 * 1024;
/** A PDF or Word document, read in the browser: only its text (at most MAX_TEXT_FILE_BYTES) is stored. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENT_FILE_NAME_LENGTH = 200;
/** How long a presigned upload URL is valid. */
export const ATTACHMENT_UPLOAD_URL_SECONDS = 5 * 60;
/** How long a presigned download URL is valid (the client fetches it at once). */
export const ATTACHMENT_DOWNLOAD_URL_SECONDS = 60;

export const ATTACHMENT_KINDS = ['image', 'text'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/**
 * The attachment texts needed before any file is classified: the stream's query refuses too many
 * ids, the message input refuses to send failed uploads. Also in ATTACHMENT_MESSAGES.
 */
export const ATTACHMENT_INPUT_MESSAGES = {
  tooMany: `At most ${MAX_ATTACHMENTS_PER_MESSAGE} files can be attached to one message.`,
  /** Sending while a file's upload failed. */
  removeFailed: 'Retry or remove the files that could not be uploaded.',
  /** The file checks could not be loaded (the web app loads them with the first file picked). */
  pickFailed: 'The files could not be checked for attaching. Pick them again.',
} as const;
