import { readFileSync } from 'node:fs';
import { type AttachmentService, createAttachmentService } from '../domain/attachments/attachment-service.js';
import type { AttachmentStore } from '../domain/attachments/attachment-store.js';
import { conversationService } from './conversations.js';
import { env, newId, required } from './root.js';

let store: Promise<AttachmentStore> | undefined;
/**
 * The attachments' bucket through the S3 adapter, loaded on first use (the S3 client and its
 * presigner are a chunk of their own). Locally: the S3 stand-in with its own credentials.
 */
function attachmentStore(bucket: string): Promise<AttachmentStore> {
  store ??= import('../adapters/s3/s3-attachment-store.js').then(({ createS3AttachmentStore }) =>
    createS3AttachmentStore({
      region: env.AWS_REGION,
      bucket,
      ...(env.RUNTIME === 'local'
        ? {
            endpoint: required('S3_ENDPOINT'),
            credentials: JSON.parse(readFileSync(required('LOCAL_S3_CREDENTIALS_FILE'), 'utf8')) as {
              accessKeyId: string;
              secretAccessKey: string;
            },
          }
        : {}),
    }),
  );
  return store;
}

let attachments: AttachmentService | undefined;
/** Files of the caller's conversations (presigned uploads and downloads, the chat's reads, deletion). */
export function attachmentService(): AttachmentService {
  if (!attachments) {
    const bucket = required('ATTACHMENTS_BUCKET');
    attachments = createAttachmentService({
      owned: (caller, conversationId) => conversationService().owned(caller, conversationId),
      store: () => attachmentStore(bucket),
      newId,
      now: Date.now,
    });
  }
  return attachments;
}
