import {
  ATTACHMENT_DOWNLOAD_URL_SECONDS,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_UPLOAD_URL_SECONDS,
  type Attachment,
  type AttachmentUrlResponse,
  attachmentKindOfStoredType,
  attachmentTypeOf,
  type CreateUploadBody,
  type CreateUploadResponse,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { AttachmentStore } from './attachment-store.js';

export interface AttachmentServiceDeps {
  /** The caller's conversation, else NotFoundError (the conversation service's `owned`). */
  owned(caller: Caller, conversationId: string): Promise<unknown>;
  /** Built on first use (the S3 client and presigner load only in the functions that need them). */
  store: () => Promise<AttachmentStore>;
  newId: () => string;
  now: () => number;
}

/**
 * Every attachment lives under its owner's and conversation's prefix, so a key built from the
 * verified caller can only ever name the caller's own files, and a conversation's files go with it.
 */
export const conversationPrefix = (userId: string, conversationId: string) =>
  `attachments/${userId}/${conversationId}/`;
export const attachmentKey = (userId: string, conversationId: string, attachmentId: string) =>
  `${conversationPrefix(userId, conversationId)}${attachmentId}`;

/** `attachment; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266), inline only for images. */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The stored object as an attachment, or undefined when it is not one this product stores. */
function toAttachment(
  id: string,
  object: { contentType: string; size: number; fileName?: string },
): Attachment | undefined {
  const kind = attachmentKindOfStoredType(object.contentType);
  if (!kind || object.size > (kind === 'image' ? MAX_IMAGE_BYTES : MAX_TEXT_FILE_BYTES)) return undefined;
  return { id, fileName: object.fileName ?? id, contentType: object.contentType, size: object.size, kind };
}

/** Files of the caller's conversations: presigned uploads and downloads, what the chat reads, deletion. */
export function createAttachmentService(deps: AttachmentServiceDeps) {
  const { owned, store, newId, now } = deps;

  return {
    /**
     * A presigned PUT for one file of the caller's conversation: its type (decided from its
     * extension and declared type) and size are part of the signature.
     */
    async createUpload(
      caller: Caller,
      conversationId: string,
      body: CreateUploadBody,
    ): Promise<CreateUploadResponse> {
      if (body.conversationId !== undefined && body.conversationId !== conversationId) {
        throw new ValidationError('The body names another conversation than the path');
      }
      const type = attachmentTypeOf(body);
      if (!type.ok) throw new ValidationError(type.message);
      await owned(caller, conversationId);
      const attachmentId = newId();
      const expiresAt = now() + ATTACHMENT_UPLOAD_URL_SECONDS * 1000;
      const upload = await (await store()).presignUpload(
        attachmentKey(caller.userId, conversationId, attachmentId),
        { contentType: type.type.contentType, size: body.size, fileName: body.fileName },
        ATTACHMENT_UPLOAD_URL_SECONDS,
      );
      return { attachmentId, uploadUrl: upload.url, headers: upload.headers, expiresAt };
    },

    /**
     * A short-lived presigned GET of one of the caller's files, served with its stored type:
     * images inline, everything else as a download (never rendered by the browser).
     */
    async downloadUrl(
      caller: Caller,
      conversationId: string,
      attachmentId: string,
    ): Promise<AttachmentUrlResponse> {
      await owned(caller, conversationId);
      const key = attachmentKey(caller.userId, conversationId, attachmentId);
      const objects = await store();
      const object = await objects.head(key);
      if (!object) throw new NotFoundError(ATTACHMENT_MESSAGES.notFound);
      const attachment = toAttachment(attachmentId, object);
      const fileName = object.fileName ?? attachmentId;
      const url = await objects.presignDownload(
        key,
        attachment?.kind === 'image'
          ? {
              contentType: attachment.contentType,
              contentDisposition: contentDisposition('inline', fileName),
            }
          : {
              contentType: attachment?.contentType ?? 'application/octet-stream',
              contentDisposition: contentDisposition('attachment', fileName),
            },
        ATTACHMENT_DOWNLOAD_URL_SECONDS,
      );
      return { url, expiresAt: now() + ATTACHMENT_DOWNLOAD_URL_SECONDS * 1000 };
    },

    /**
     * The uploaded files `ids` of a conversation the caller owns (checked by the caller of this),
     * described from storage, never from the client: a missing one is a 400 naming the problem.
     */
    async resolve(caller: Caller, conversationId: string, ids: readonly string[]): Promise<Attachment[]> {
      if (ids.length === 0) return [];
      const objects = await store();
      return Promise.all(
        ids.map(async (id) => {
          const object = await objects.head(attachmentKey(caller.userId, conversationId, id));
          const attachment = object && toAttachment(id, object);
          if (!attachment) throw new ValidationError(ATTACHMENT_MESSAGES.notUploaded);
          return attachment;
        }),
      );
    },

    /** An attachment's bytes for the model; undefined when it is gone. */
    async read(
      userId: string,
      conversationId: string,
      attachment: Pick<Attachment, 'id' | 'kind'>,
    ): Promise<Uint8Array | undefined> {
      const maxBytes = attachment.kind === 'image' ? MAX_IMAGE_BYTES : MAX_TEXT_FILE_BYTES;
      return (await store()).read(attachmentKey(userId, conversationId, attachment.id), maxBytes);
    },

    /** Every file of a conversation (with the conversation). */
    async deleteAll(userId: string, conversationId: string): Promise<void> {
      await (await store()).deletePrefix(conversationPrefix(userId, conversationId));
    },
  };
}
export type AttachmentService = ReturnType<typeof createAttachmentService>;
