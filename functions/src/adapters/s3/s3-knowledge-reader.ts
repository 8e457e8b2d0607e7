import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { KnowledgeStore } from '../../domain/knowledge/knowledge-store.js';
import type { S3AttachmentStoreOptions } from './s3-attachment-store.js';

const isNotFound = (error: unknown) =>
  error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Knowledge's objects read as text (GetObject only): the keyword indexes a search loads. Apart from
 * the store so a function that only searches (the chat's stream) holds a read grant only.
 */
export function createS3KnowledgeReader(options: S3AttachmentStoreOptions): Pick<KnowledgeStore, 'readText'> {
  const s3 = new S3Client({
    region: options.region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  return {
    async readText(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return await object.Body?.transformToString('utf-8');
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
  };
}
