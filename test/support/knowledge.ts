/** A knowledge file uploaded through its presigned URL and indexed by the local pipeline (integration tests). */
import { type KnowledgeFile, knowledgeFileSchema, knowledgeUploadSchema } from '@agentforge/shared';
import { expect } from 'vitest';
import type { Api } from './api.js';

/** Uploads a Markdown file to the collection through its presigned URL. */
export async function upload(api: Api, collectionId: string, fileName: string, content: string) {
  const bytes = new TextEncoder().encode(content);
  const created = await api.post(`/knowledge/collections/${collectionId}/files`, {
    fileName,
    contentType: 'text/markdown',
    size: bytes.length,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { file, uploadUrl, headers } = knowledgeUploadSchema.parse(created.body);
  expect(file.status).toBe('uploading');
  const put = await fetch(uploadUrl, { method: 'PUT', headers, body: bytes });
  expect(put.status).toBe(200);
  return file;
}

/** Polls the file until indexing ends (the local S3's event runs the indexing function in-process). */
export async function settled(api: Api, collectionId: string, fileId: string): Promise<KnowledgeFile> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await api.get(`/knowledge/collections/${collectionId}/files/${fileId}`);
    const file = knowledgeFileSchema.parse(response.body);
    if (file.status === 'ready' || file.status === 'failed') return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The file was not indexed in 30 s');
}
