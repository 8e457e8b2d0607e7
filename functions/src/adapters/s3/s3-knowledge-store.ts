import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { KnowledgeStore } from '../../domain/knowledge/knowledge-store.js';
import { createS3AttachmentStore, type S3AttachmentStoreOptions } from './s3-attachment-store.js';
import { createS3KnowledgeReader } from './s3-knowledge-reader.js';

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

    readText: createS3KnowledgeReader(options).readText,

    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
