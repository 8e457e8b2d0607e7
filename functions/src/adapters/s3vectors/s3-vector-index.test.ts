import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3Vectors, startLocalS3Vectors } from '../../../../scripts/local/s3vectors/server.js';
import type { ChunkVector } from '../../domain/knowledge/ports.js';
import { createS3VectorIndex } from './s3-vector-index.js';
import { s3IndexName } from './s3-vector-reader.js';

const credentials = { accessKeyId: 'LOCALTEST', secretAccessKey: 'the-local-s3vectors-secret' };
let dataDir: string;
let server: LocalS3Vectors;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'agentforge-vector-index-'));
  server = await startLocalS3Vectors({ port: 0, dataDir, credentials, buckets: ['knowledge-test'] });
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const index = () =>
  createS3VectorIndex({
    region: 'us-east-1',
    vectorBucketName: 'knowledge-test',
    endpoint: server.endpoint,
    credentials,
  });

/** A unit vector of `dimension` pointing mostly along axis `axis`. */
function unit(dimension: number, axis: number, tilt = 0): number[] {
  const v = Array.from({ length: dimension }, (_, i) =>
    i === axis ? 1 : i === (axis + 1) % dimension ? tilt : 0,
  );
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

const chunk = (
  owner: string,
  collection: string,
  file: string,
  i: number,
  vector: number[],
): ChunkVector => ({
  key: `${collection}#${file}#${i}`,
  vector,
  metadata: { ownerId: owner, collectionId: collection, fileId: file, chunkIndex: i },
});

describe('the S3 Vectors adapter (VectorIndex) against the local stand-in', () => {
  it('makes its index once, upserts in batches past the per-call limit, and deletes in batches', async () => {
    const vectors = index();
    await vectors.ensureIndex('model-a', 8);
    await vectors.ensureIndex('model-a', 8);
    // Another instance (a second container) finds the index made: ConflictException is fine.
    await index().ensureIndex('model-a', 8);
    const many = Array.from({ length: 1203 }, (_, i) =>
      chunk('u1', 'c1', 'f1', i, unit(8, i % 8, (i % 5) / 10)),
    );
    await vectors.put('model-a', many);
    const all = await vectors.query('model-a', unit(8, 3), { ownerId: 'u1', collectionIds: ['c1'] }, 100);
    expect(all).toHaveLength(100);
    expect(all[0]?.metadata).toMatchObject({ ownerId: 'u1', collectionId: 'c1', fileId: 'f1' });
    expect(all[0]?.distance).toBeCloseTo(0, 5);
    await vectors.delete(
      'model-a',
      many.map((v) => v.key),
    );
    expect(await vectors.query('model-a', unit(8, 3), { ownerId: 'u1', collectionIds: ['c1'] }, 10)).toEqual(
      [],
    );
  });

  it('finds the nearest chunks of the owner’s given collections only, nearest first', async () => {
    const vectors = index();
    await vectors.ensureIndex('model-b', 4);
    await vectors.put('model-b', [
      chunk('u1', 'c1', 'f1', 0, unit(4, 0)),
      chunk('u1', 'c1', 'f1', 1, unit(4, 0, 0.5)),
      chunk('u1', 'c2', 'f2', 0, unit(4, 0, 0.2)),
      chunk('u1', 'c3', 'f3', 0, unit(4, 0)),
      chunk('team#t1', 'c1', 'f9', 0, unit(4, 0)),
      chunk('u2', 'c2', 'f4', 0, unit(4, 0)),
    ]);
    const found = await vectors.query(
      'model-b',
      new Float32Array(unit(4, 0)),
      { ownerId: 'u1', collectionIds: ['c1', 'c2'] },
      10,
    );
    expect(found.map((m) => m.key)).toEqual(['c1#f1#0', 'c2#f2#0', 'c1#f1#1']);
    expect(found.map((m) => m.distance)).toEqual([...found.map((m) => m.distance)].sort((a, b) => a - b));
    expect(found[2]?.metadata).toEqual({ ownerId: 'u1', collectionId: 'c1', fileId: 'f1', chunkIndex: 1 });
    expect(await vectors.query('model-b', unit(4, 0), { ownerId: 'u1', collectionIds: [] }, 10)).toEqual([]);
    const team = await vectors.query(
      'model-b',
      unit(4, 0),
      { ownerId: 'team#t1', collectionIds: ['c1'] },
      500,
    );
    expect(team.map((m) => m.key)).toEqual(['c1#f9#0']);
  });

  it('surfaces the service’s errors (a vector of the wrong dimension)', async () => {
    const vectors = index();
    await vectors.ensureIndex('model-c', 4);
    await expect(vectors.put('model-c', [chunk('u1', 'c1', 'f1', 0, [1, 0, 0])])).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it('names indexes after any model id, within S3 Vectors’ naming rules', async () => {
    expect(s3IndexName('bedrock:amazon.titan-embed-text-v2:0')).toBe('bedrock-amazon.titan-embed-text-v2-0');
    expect(s3IndexName('openai:text-embedding-3-small')).toBe('openai-text-embedding-3-small');
    const long = s3IndexName(`custom:${'x'.repeat(100)}`);
    expect(long).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);
    expect(long).not.toBe(s3IndexName(`custom:${'x'.repeat(101)}`));
    expect(s3IndexName('a')).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);
    const vectors = index();
    await vectors.ensureIndex('bedrock:amazon.titan-embed-text-v2:0', 2);
    await vectors.put('bedrock:amazon.titan-embed-text-v2:0', [chunk('u1', 'c1', 'f1', 0, [0, 1])]);
    const found = await vectors.query(
      'bedrock:amazon.titan-embed-text-v2:0',
      [0, 1],
      { ownerId: 'u1', collectionIds: ['c1'] },
      1,
    );
    expect(found.map((m) => m.key)).toEqual(['c1#f1#0']);
  });
});
