import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateIndexCommand,
  DeleteVectorsCommand,
  GetVectorsCommand,
  ListIndexesCommand,
  ListVectorsCommand,
  PutVectorsCommand,
  QueryVectorsCommand,
  S3VectorsClient,
} from '@aws-sdk/client-s3vectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3Vectors, startLocalS3Vectors } from './server.js';

const credentials = { accessKeyId: 'LOCALTEST', secretAccessKey: 'the-local-s3vectors-secret' };
const vectorBucketName = 'knowledge';
let dataDir: string;
let server: LocalS3Vectors;
let client: S3VectorsClient;

async function restart() {
  await server?.stop();
  server = await startLocalS3Vectors({ port: 0, dataDir, credentials, buckets: [vectorBucketName] });
  client = new S3VectorsClient({ region: 'us-east-1', endpoint: server.endpoint, credentials });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'agentforge-s3vectors-data-'));
  await restart();
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const f32 = (...values: number[]) => ({ float32: values });
const createIndex = (indexName: string, dimension: number) =>
  client.send(
    new CreateIndexCommand({
      vectorBucketName,
      indexName,
      dataType: 'float32',
      dimension,
      distanceMetric: 'cosine',
    }),
  );

describe('local S3 Vectors stand-in: its data directory', () => {
  it('keeps buckets, indexes and vectors (replaced and deleted ones too) across a restart', async () => {
    await createIndex('idx-kept', 3);
    await client.send(
      new PutVectorsCommand({
        vectorBucketName,
        indexName: 'idx-kept',
        vectors: [
          { key: 'a', data: f32(1, 0, 0), metadata: { owner: 'u1' } },
          { key: 'b', data: f32(0, 1, 0), metadata: { owner: 'u1' } },
          { key: 'c', data: f32(0, 0, 1), metadata: { owner: 'u2', n: 3 } },
        ],
      }),
    );
    await client.send(
      new PutVectorsCommand({
        vectorBucketName,
        indexName: 'idx-kept',
        vectors: [{ key: 'b', data: f32(1, 1, 0), metadata: { owner: 'u3' } }],
      }),
    );
    await client.send(new DeleteVectorsCommand({ vectorBucketName, indexName: 'idx-kept', keys: ['a'] }));
    await restart();
    const listed = await client.send(
      new ListVectorsCommand({
        vectorBucketName,
        indexName: 'idx-kept',
        returnMetadata: true,
        returnData: true,
      }),
    );
    expect(listed.vectors).toEqual([
      { key: 'b', data: f32(1, 1, 0), metadata: { owner: 'u3' } },
      { key: 'c', data: f32(0, 0, 1), metadata: { owner: 'u2', n: 3 } },
    ]);
    const out = await client.send(
      new QueryVectorsCommand({
        vectorBucketName,
        indexName: 'idx-kept',
        topK: 1,
        queryVector: f32(0, 0, 5),
        filter: { n: 3 },
      }),
    );
    expect(out.vectors?.map((v) => v.key)).toEqual(['c']);
    const indexes = await client.send(new ListIndexesCommand({ vectorBucketName }));
    expect(indexes.indexes?.map((i) => i.indexName)).toEqual(['idx-kept']);
  });

  it('writes a log mostly of deleted vectors anew on start, keeping what is left', async () => {
    const indexName = 'idx-churn';
    await createIndex(indexName, 2);
    for (let i = 0; i < 150; i++) {
      await client.send(
        new PutVectorsCommand({ vectorBucketName, indexName, vectors: [{ key: `k${i}`, data: f32(1, i) }] }),
      );
    }
    const keys = Array.from({ length: 149 }, (_, i) => `k${i}`);
    await client.send(new DeleteVectorsCommand({ vectorBucketName, indexName, keys }));
    const log = join(dataDir, 'indexes', vectorBucketName, `${indexName}.log`);
    expect((await readFile(log, 'utf8')).trim().split('\n')).toHaveLength(151);
    await restart();
    expect((await readFile(log, 'utf8')).trim().split('\n')).toHaveLength(1);
    const got = await client.send(
      new GetVectorsCommand({ vectorBucketName, indexName, keys: ['k149', 'k1'], returnData: true }),
    );
    expect(got.vectors).toEqual([{ key: 'k149', data: f32(1, 149) }]);
  });
});
