import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateIndexCommand,
  PutVectorsCommand,
  QueryVectorsCommand,
  S3VectorsClient,
} from '@aws-sdk/client-s3vectors';
import { startLocalS3Vectors } from '../local/s3vectors/server.js';

/**
 * Knowledge's vectors (issue 33) on the local S3 Vectors stand-in, through the AWS SDK client as
 * the functions call it: PutVectors throughput (batches of 500, the service's limit) and
 * QueryVectors latency (topK 5, p50/p95), unfiltered and filtered to one owner's 3 of 10
 * collections, at 10,000 and 100,000 vectors of 1024 dimensions (Titan Text Embeddings V2's).
 */
const DIMENSION = 1024;
const SIZES = [10_000, 100_000];
const QUERIES = 30;
const BATCH = 500;
const COLLECTIONS = 10;

/** The q-quantile of `values` (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Recall@k over labelled queries (for the knowledge bench's keyword-only versus hybrid): the share
 * of queries whose relevant key is among the first k results.
 */
export function recallAt(
  k: number,
  results: readonly { ranked: readonly string[]; relevant: string }[],
): number {
  if (results.length === 0) return Number.NaN;
  return results.filter((r) => r.ranked.slice(0, k).includes(r.relevant)).length / results.length;
}

/** Runs `once` `count` times one after another: each run's milliseconds. */
export async function timeEach(count: number, once: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await once(i);
    times.push(performance.now() - started);
  }
  return times;
}

/** A deterministic pseudo-random unit vector (mulberry32 seeded by `seed`). */
function vectorOf(seed: number): number[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
  const values = Array.from({ length: DIMENSION }, next);
  const norm = Math.hypot(...values);
  return values.map((x) => x / norm);
}

export async function benchKnowledgeVectors(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agentforge-bench-vectors-'));
  const credentials = { accessKeyId: 'BENCH', secretAccessKey: 'bench-secret' };
  const server = await startLocalS3Vectors({ port: 0, dataDir, credentials, buckets: ['bench'] });
  const client = new S3VectorsClient({ region: 'us-east-1', endpoint: server.endpoint, credentials });
  const vectorBucketName = 'bench';
  try {
    console.log(`\nKnowledge vectors: local S3 Vectors through the SDK (${DIMENSION} dimensions, topK 5)`);
    console.log(
      `  ${'vectors'.padStart(8)} ${'put/s'.padStart(8)} ${'query p50'.padStart(10)} ${'p95'.padStart(8)} ${'filtered p50'.padStart(13)} ${'p95'.padStart(8)}`,
    );
    for (const size of SIZES) {
      const indexName = `bench-${size}`;
      await client.send(
        new CreateIndexCommand({
          vectorBucketName,
          indexName,
          dataType: 'float32',
          dimension: DIMENSION,
          distanceMetric: 'cosine',
        }),
      );
      const putStarted = performance.now();
      for (let from = 0; from < size; from += BATCH) {
        const vectors = Array.from({ length: Math.min(BATCH, size - from) }, (_, i) => {
          const n = from + i;
          return {
            key: `c${n % COLLECTIONS}#f${Math.floor(n / 50)}#${n % 50}`,
            data: { float32: vectorOf(n + 1) },
            metadata: {
              ownerId: `u${n % 2}`,
              collectionId: `c${n % COLLECTIONS}`,
              fileId: `f${Math.floor(n / 50)}`,
              chunkIndex: n % 50,
            },
          };
        });
        await client.send(new PutVectorsCommand({ vectorBucketName, indexName, vectors }));
      }
      const putPerSecond = size / ((performance.now() - putStarted) / 1000);
      const query = (filtered: boolean) => (i: number) =>
        client.send(
          new QueryVectorsCommand({
            vectorBucketName,
            indexName,
            topK: 5,
            queryVector: { float32: vectorOf(1_000_000 + i) },
            returnMetadata: true,
            returnDistance: true,
            ...(filtered
              ? { filter: { ownerId: { $eq: 'u0' }, collectionId: { $in: ['c0', 'c2', 'c4'] } } }
              : {}),
          }),
        );
      const plain = await timeEach(QUERIES, query(false));
      const filtered = await timeEach(QUERIES, query(true));
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        `  ${size.toLocaleString('en-US').padStart(8)} ${Math.round(putPerSecond).toLocaleString('en-US').padStart(8)} ${ms(quantile(plain, 0.5)).padStart(10)} ${ms(quantile(plain, 0.95)).padStart(8)} ${ms(quantile(filtered, 0.5)).padStart(13)} ${ms(quantile(filtered, 0.95)).padStart(8)}`,
      );
    }
  } finally {
    client.destroy();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
