import { readFileSync } from 'node:fs';
import type { VectorIndex } from '../domain/knowledge/ports.js';
import { env, required } from './root.js';

let index: Promise<VectorIndex> | undefined;
/**
 * Knowledge's vectors: the stage's S3 vector bucket (KNOWLEDGE_VECTOR_BUCKET) through the S3
 * Vectors adapter, loaded on first use (its SDK client is a chunk of its own). Locally: the S3
 * Vectors stand-in (S3VECTORS_ENDPOINT), signed with the local S3's credentials.
 */
export function knowledgeVectorIndex(): Promise<VectorIndex> {
  index ??= import('../adapters/s3vectors/s3-vector-index.js').then(({ createS3VectorIndex }) =>
    createS3VectorIndex({
      region: env.AWS_REGION,
      vectorBucketName: required('KNOWLEDGE_VECTOR_BUCKET'),
      ...(env.RUNTIME === 'local'
        ? {
            endpoint: required('S3VECTORS_ENDPOINT'),
            credentials: JSON.parse(readFileSync(required('LOCAL_S3_CREDENTIALS_FILE'), 'utf8')) as {
              accessKeyId: string;
              secretAccessKey: string;
            },
          }
        : {}),
    }),
  );
  return index;
}
