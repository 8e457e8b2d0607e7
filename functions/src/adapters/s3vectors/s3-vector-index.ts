import { createHash } from 'node:crypto';
import {
  ConflictException,
  CreateIndexCommand,
  DeleteVectorsCommand,
  PutVectorsCommand,
  QueryVectorsCommand,
  S3VectorsClient,
} from '@aws-sdk/client-s3vectors';
import type { ChunkVector, VectorIndex, VectorMatch } from '../../domain/knowledge/ports.js';

export interface S3VectorIndexOptions {
  region: string;
  /** The stage's vector bucket (its indexes, one per embedding model, are made on first use). */
  vectorBucketName: string;
  /** Local stack: the S3 Vectors stand-in's URL. */
  endpoint?: string | undefined;
  /** Local stack: the stand-in's own credentials; on AWS the function's role. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** S3 Vectors' per-call limits: 500 vectors a PutVectors or DeleteVectors, topK up to 100. */
const MAX_VECTORS_PER_CALL = 500;
const MAX_TOP_K = 100;
/** A PutVectors body stays well under the 20 MiB payload limit (about 21 bytes a value as JSON). */
const MAX_VALUES_PER_PUT = 800_000;

/**
 * An S3 Vectors index name (3-63 of a-z 0-9 . -, alphanumeric at both ends) for any name the
 * caller uses, e.g. an embedding model id `bedrock:amazon.titan-embed-text-v2:0` ->
 * `bedrock-amazon.titan-embed-text-v2-0`; a longer one keeps its start and a hash of the whole.
 */
export function s3IndexName(name: string): string {
  let safe = name
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  if (safe.length > 63 || safe.length < 3) {
    const hash = createHash('sha256').update(name).digest('hex').slice(0, 12);
    safe = `${safe.slice(0, 50).replace(/[^a-z0-9]+$/, '')}-${hash}`.replace(/^-/, '');
  }
  return safe;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** The knowledge service's vector index on Amazon S3 Vectors (the local stand-in speaks its API). */
export function createS3VectorIndex(options: S3VectorIndexOptions): VectorIndex {
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

    async query(name, vector, filter, topK): Promise<VectorMatch[]> {
      const indexName = s3IndexName(name);
      if (filter.collectionIds.length === 0) return [];
      const output = await client.send(
        new QueryVectorsCommand({
          vectorBucketName,
          indexName,
          topK: Math.max(1, Math.min(MAX_TOP_K, topK)),
          queryVector: { float32: Array.from(vector) },
          filter: { ownerId: { $eq: filter.ownerId }, collectionId: { $in: [...filter.collectionIds] } },
          returnMetadata: true,
          returnDistance: true,
        }),
      );
      return (output.vectors ?? []).map((match) => ({
        key: match.key as string,
        distance: match.distance ?? 0,
        metadata: match.metadata as VectorMatch['metadata'],
      }));
    },

    async delete(name, keys) {
      const indexName = s3IndexName(name);
      for (const batch of chunks(keys, MAX_VECTORS_PER_CALL)) {
        await client.send(new DeleteVectorsCommand({ vectorBucketName, indexName, keys: batch }));
      }
    },
  };
}
