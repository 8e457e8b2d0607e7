import { createHash } from 'node:crypto';
import { QueryVectorsCommand, S3VectorsClient } from '@aws-sdk/client-s3vectors';
import type { VectorIndex, VectorMatch } from '../../domain/knowledge/ports.js';

export interface S3VectorReaderOptions {
  region: string;
  /** The stage's vector bucket. */
  vectorBucketName: string;
  /** Local stack: the S3 Vectors stand-in's URL. */
  endpoint?: string | undefined;
  /** Local stack: the stand-in's own credentials; on AWS the function's role. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** S3 Vectors' topK is 1-100. */
const MAX_TOP_K = 100;

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

/**
 * The query half of the vector index: what a searcher that never writes (the chat's stream, whose
 * role may only QueryVectors) is given. `client`: the index's own, when it is part of one.
 */
export function createS3VectorReader(
  options: S3VectorReaderOptions,
  client: S3VectorsClient = new S3VectorsClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  }),
): Pick<VectorIndex, 'query'> {
  return {
    async query(name, vector, filter, topK): Promise<VectorMatch[]> {
      if (filter.collectionIds.length === 0) return [];
      const output = await client.send(
        new QueryVectorsCommand({
          vectorBucketName: options.vectorBucketName,
          indexName: s3IndexName(name),
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
  };
}
