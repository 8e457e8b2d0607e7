import {
  ATTACHMENT_MESSAGES,
  type AttachmentUrlResponse,
  attachmentUrlResponseSchema,
  type CreateUploadResponse,
  createUploadResponseSchema,
} from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

const attachmentsPath = (conversationId: string) =>
  `/conversations/${encodeURIComponent(conversationId)}/attachments`;

/** POST /conversations/{id}/attachments: where to PUT the file (type and size are in the signature). */
export function createUpload(
  conversationId: string,
  file: File,
  signal?: AbortSignal,
): Promise<CreateUploadResponse> {
  return apiClient.post(
    attachmentsPath(conversationId),
    { fileName: file.name, contentType: file.type, size: file.size },
    { schema: createUploadResponseSchema, ...(signal ? { signal } : {}) },
  );
}

/**
 * PUTs the file straight to storage with the presigned URL and exactly its headers. An
 * XMLHttpRequest, not fetch: only it reports upload progress. The browser sets Content-Length.
 */
export function putFile(
  upload: Pick<CreateUploadResponse, 'uploadUrl' | 'headers'>,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', upload.uploadUrl);
    for (const [name, value] of Object.entries(upload.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(ATTACHMENT_MESSAGES.uploadFailed(file.name)));
    request.onerror = () => reject(new Error(ATTACHMENT_MESSAGES.uploadFailed(file.name)));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** GET /conversations/{id}/attachments/{attachmentId}?redirect=false: a short-lived download URL. */
export function attachmentUrl(conversationId: string, attachmentId: string): Promise<AttachmentUrlResponse> {
  return apiClient.get(`${attachmentsPath(conversationId)}/${encodeURIComponent(attachmentId)}`, {
    schema: attachmentUrlResponseSchema,
    query: { redirect: false },
  });
}

/** The attachment's bytes, fetched from storage (the URL is the credential; no token goes there). */
export async function fetchAttachment(conversationId: string, attachmentId: string): Promise<Blob> {
  const { url } = await attachmentUrl(conversationId, attachmentId);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Attachment download failed (HTTP ${response.status})`);
  return response.blob();
}
