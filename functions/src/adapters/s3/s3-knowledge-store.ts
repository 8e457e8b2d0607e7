import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { KnowledgeStore } from '../../domain/knowledge/knowledge-store.js';
import { createS3AttachmentStore, type S3AttachmentStoreOptions } from './s3-attachment-store.js';

const isNotFound = (error: unknown) =>
  error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey');

/** Knowledge's objects: the attachments' presigned uploads and reads, plus the keyword indexes' writes. */
export function createS3KnowledgeStore(options: S3AttachmentStoreOptions): KnowledgeStore {
  const objects = createS3AttachmentStore(options);
  const s3 = new S3Client({
    region: options.region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  return {
    presignUpload: objects.presignUpload,
    head: objects.head,
    read: objects.read,
    deletePrefix: objects.deletePrefix,

    async writeText(key, text) {
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: text, ContentType: 'application/json' }));
    },

    async readText(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return await object.Body?.transformToString('utf-8');
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
