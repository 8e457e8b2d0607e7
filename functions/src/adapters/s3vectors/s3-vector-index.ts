import {
  ConflictException,
  CreateIndexCommand,
  DeleteVectorsCommand,
  PutVectorsCommand,
  S3VectorsClient,
} from '@aws-sdk/client-s3vectors';
import type { ChunkVector, VectorIndex } from '../../domain/knowledge/ports.js';
import { createS3VectorReader, type S3VectorReaderOptions, s3IndexName } from './s3-vector-reader.js';

/** S3 Vectors' per-call limit: 500 vectors a PutVectors or DeleteVectors (topK: s3-vector-reader.ts). */
const MAX_VECTORS_PER_CALL = 500;
/** A PutVectors body stays well under the 20 MiB payload limit (about 21 bytes a value as JSON). */
const MAX_VALUES_PER_PUT = 800_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** The knowledge service's vector index on Amazon S3 Vectors (the local stand-in speaks its API). */
export function createS3VectorIndex(options: S3VectorReaderOptions): VectorIndex {
  const client = new S3VectorsClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const vectorBucketName = options.vectorBucketName;
  const ensured = new Set<string>();

  return {
    async ensureIndex(name, dimension) {
      const indexName = s3IndexName(name);
      if (ensured.has(indexName)) return;
      try {
        await client.send(
          new CreateIndexCommand({
            vectorBucketName,
            indexName,
            dataType: 'float32',
            dimension,
            distanceMetric: 'cosine',
          }),
        );
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
      }
      ensured.add(indexName);
    },

    async put(name, vectors: readonly ChunkVector[]) {
      const indexName = s3IndexName(name);
      if (vectors.length === 0) return;
      const dimension = vectors[0]?.vector.length ?? 1;
      const size = Math.max(1, Math.min(MAX_VECTORS_PER_CALL, Math.floor(MAX_VALUES_PER_PUT / dimension)));
      for (const batch of chunks(vectors, size)) {
        await client.send(
          new PutVectorsCommand({
            vectorBucketName,
            indexName,
            vectors: batch.map((v) => ({
              key: v.key,
              data: { float32: Array.from(v.vector) },
              metadata: v.metadata,
            })),
          }),
        );
      }
    },

    query: createS3VectorReader(options, client).query,

    async delete(name, keys) {
      const indexName = s3IndexName(name);
      for (const batch of chunks(keys, MAX_VECTORS_PER_CALL)) {
        await client.send(new DeleteVectorsCommand({ vectorBucketName, indexName, keys: batch }));
      }
    },
  };
}
