import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConflictException,
  CreateIndexCommand,
  CreateVectorBucketCommand,
  DeleteIndexCommand,
  DeleteVectorBucketCommand,
  DeleteVectorsCommand,
  GetIndexCommand,
  GetVectorBucketCommand,
  GetVectorsCommand,
  ListIndexesCommand,
  ListVectorBucketsCommand,
  ListVectorsCommand,
  NotFoundException,
  PutVectorsCommand,
  QueryVectorsCommand,
  type QueryVectorsCommandInput,
  S3VectorsClient,
  ValidationException,
} from '@aws-sdk/client-s3vectors';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3Vectors, startLocalS3Vectors } from './server.js';

/** Metadata and filters: JSON documents, as the SDK types them. */
type DocumentType = QueryVectorsCommandInput['filter'];

const credentials = { accessKeyId: 'LOCALTEST', secretAccessKey: 'the-local-s3vectors-secret' };
let dataDir: string;
let server: LocalS3Vectors;
let client: S3VectorsClient;

const clientWith = (creds: typeof credentials) =>
  new S3VectorsClient({ region: 'us-east-1', endpoint: server.endpoint, credentials: creds });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'agentforge-s3vectors-'));
  server = await startLocalS3Vectors({ port: 0, dataDir, credentials, buckets: ['knowledge'] });
  client = clientWith(credentials);
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const vectorBucketName = 'knowledge';
const f32 = (...values: number[]) => ({ float32: values });

describe('local S3 Vectors stand-in, through @aws-sdk/client-s3vectors', () => {
  it('creates, reads, lists and deletes vector buckets', async () => {
    const created = await client.send(new CreateVectorBucketCommand({ vectorBucketName: 'scratch-1' }));
    expect(created.vectorBucketArn).toBe('arn:aws:s3vectors:us-east-1:000000000000:bucket/scratch-1');
    await expect(
      client.send(new CreateVectorBucketCommand({ vectorBucketName: 'scratch-1' })),
    ).rejects.toBeInstanceOf(ConflictException);
    await expect(
      client.send(new CreateVectorBucketCommand({ vectorBucketName: 'Bad_Name' })),
    ).rejects.toBeInstanceOf(ValidationException);
    const got = await client.send(new GetVectorBucketCommand({ vectorBucketArn: created.vectorBucketArn }));
    expect(got.vectorBucket?.vectorBucketName).toBe('scratch-1');
    expect(got.vectorBucket?.creationTime).toBeInstanceOf(Date);
    const page1 = await client.send(new ListVectorBucketsCommand({ maxResults: 1 }));
    expect(page1.vectorBuckets?.map((b) => b.vectorBucketName)).toEqual(['knowledge']);
    const page2 = await client.send(
      new ListVectorBucketsCommand({ maxResults: 1, nextToken: page1.nextToken }),
    );
    expect(page2.vectorBuckets?.map((b) => b.vectorBucketName)).toEqual(['scratch-1']);
    expect(page2.nextToken).toBeUndefined();
    await client.send(new DeleteVectorBucketCommand({ vectorBucketName: 'scratch-1' }));
    await expect(
      client.send(new GetVectorBucketCommand({ vectorBucketName: 'scratch-1' })),
    ).rejects.toBeInstanceOf(NotFoundException);
  });

  it('creates indexes within the limits and refuses to delete a bucket that has one', async () => {
    const base = { vectorBucketName, dataType: 'float32' as const, distanceMetric: 'cosine' as const };
    for (const dimension of [0, 4097]) {
      await expect(
        client.send(new CreateIndexCommand({ ...base, indexName: 'too-big', dimension })),
      ).rejects.toBeInstanceOf(ValidationException);
    }
    const { indexArn } = await client.send(
      new CreateIndexCommand({
        ...base,
        indexName: 'idx.cosine',
        dimension: 3,
        metadataConfiguration: { nonFilterableMetadataKeys: ['text'] },
      }),
    );
    expect(indexArn).toBe('arn:aws:s3vectors:us-east-1:000000000000:bucket/knowledge/index/idx.cosine');
    await expect(
      client.send(new CreateIndexCommand({ ...base, indexName: 'idx.cosine', dimension: 3 })),
    ).rejects.toBeInstanceOf(ConflictException);
    const { index } = await client.send(new GetIndexCommand({ indexArn }));
    expect(index).toMatchObject({ dimension: 3, distanceMetric: 'cosine', dataType: 'float32' });
    expect(index?.metadataConfiguration?.nonFilterableMetadataKeys).toEqual(['text']);
    const list = await client.send(new ListIndexesCommand({ vectorBucketName }));
    expect(list.indexes?.map((i) => i.indexName)).toEqual(['idx.cosine']);
    await expect(client.send(new DeleteVectorBucketCommand({ vectorBucketName }))).rejects.toBeInstanceOf(
      ConflictException,
    );
    await expect(
      client.send(new GetIndexCommand({ vectorBucketName, indexName: 'nope-index' })),
    ).rejects.toBeInstanceOf(NotFoundException);
  });

  it('puts, gets, lists and deletes vectors with metadata, within the per-call limits', async () => {
    const indexName = 'idx.cosine';
    await client.send(
      new PutVectorsCommand({
        vectorBucketName,
        indexName,
        vectors: [
          { key: 'a', data: f32(1, 0, 0), metadata: { owner: 'u1', n: 1, tags: ['x', 'y'], text: 'alpha' } },
          { key: 'b', data: f32(0.9, 0.1, 0), metadata: { owner: 'u1', n: 2, tags: ['y'] } },
          { key: 'c', data: f32(0, 1, 0), metadata: { owner: 'u2', n: 3, ok: true } },
          { key: 'd', data: f32(0, 0, 1), metadata: { owner: 'u2', n: 4 } },
        ],
      }),
    );
    const got = await client.send(
      new GetVectorsCommand({
        vectorBucketName,
        indexName,
        keys: ['a', 'missing'],
        returnData: true,
        returnMetadata: true,
      }),
    );
    expect(got.vectors).toEqual([
      {
        key: 'a',
        data: { float32: [1, 0, 0] },
        metadata: { owner: 'u1', n: 1, tags: ['x', 'y'], text: 'alpha' },
      },
    ]);
    const listed = await client.send(new ListVectorsCommand({ vectorBucketName, indexName, maxResults: 3 }));
    expect(listed.vectors?.map((v) => v.key)).toEqual(['a', 'b', 'c']);
    const rest = await client.send(
      new ListVectorsCommand({ vectorBucketName, indexName, nextToken: listed.nextToken }),
    );
    expect(rest.vectors?.map((v) => v.key)).toEqual(['d']);
    const segments = await Promise.all(
      [0, 1].map((segmentIndex) =>
        client.send(new ListVectorsCommand({ vectorBucketName, indexName, segmentCount: 2, segmentIndex })),
      ),
    );
    expect(segments.flatMap((s) => s.vectors?.map((v) => v.key) ?? []).sort()).toEqual(['a', 'b', 'c', 'd']);

    const put = (vectors: { key: string; data: { float32: number[] }; metadata?: DocumentType }[]) =>
      client.send(new PutVectorsCommand({ vectorBucketName, indexName, vectors }));
    await expect(put([{ key: 'x', data: f32(1, 2) }])).rejects.toThrow(/dimension/);
    await expect(put([{ key: 'x', data: f32(0, 0, 0) }])).rejects.toBeInstanceOf(ValidationException);
    const many = Array.from({ length: 501 }, (_, i) => ({ key: `k${i}`, data: f32(1, i, 0) }));
    await expect(put(many)).rejects.toThrow(/1 to 500/);
    await expect(
      put([{ key: 'x', data: f32(1, 0, 0), metadata: { big: 'x'.repeat(2100) } }]),
    ).rejects.toThrow(/Filterable metadata/);
    // Non-filterable metadata may be larger (up to 40 KB in all).
    await put([{ key: 'x', data: f32(1, 0, 0), metadata: { text: 'x'.repeat(30_000) } }]);
    await expect(
      put([{ key: 'x', data: f32(1, 0, 0), metadata: { text: 'x'.repeat(41_000) } }]),
    ).rejects.toThrow(/40 KB/);
    const keys51 = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`m${i}`, i]));
    await expect(put([{ key: 'x', data: f32(1, 0, 0), metadata: keys51 }])).rejects.toThrow(
      /50 metadata keys/,
    );
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);
    await expect(
      client.send(new GetVectorsCommand({ vectorBucketName, indexName, keys: keys(101) })),
    ).rejects.toThrow(/1 to 100 keys/);
    await expect(
      client.send(new DeleteVectorsCommand({ vectorBucketName, indexName, keys: keys(501) })),
    ).rejects.toThrow(/1 to 500 keys/);
    await client.send(new DeleteVectorsCommand({ vectorBucketName, indexName, keys: ['x'] }));
    const after = await client.send(new GetVectorsCommand({ vectorBucketName, indexName, keys: ['x'] }));
    expect(after.vectors).toEqual([]);
  });

  it('queries the nearest vectors, cosine, with metadata filters and their operators', async () => {
    const query = async (filter?: DocumentType, topK = 10) => {
      const out = await client.send(
        new QueryVectorsCommand({
          vectorBucketName,
          indexName: 'idx.cosine',
          topK,
          queryVector: f32(1, 0, 0),
          ...(filter ? { filter } : {}),
          returnDistance: true,
        }),
      );
      return out.vectors?.map((v) => v.key);
    };
    const nearest = await client.send(
      new QueryVectorsCommand({
        vectorBucketName,
        indexName: 'idx.cosine',
        topK: 2,
        queryVector: f32(2, 0, 0),
        returnDistance: true,
        returnMetadata: true,
      }),
    );
    expect(nearest.distanceMetric).toBe('cosine');
    expect(nearest.vectors?.[0]).toMatchObject({ key: 'a', metadata: { owner: 'u1' } });
    expect(nearest.vectors?.[0]?.distance).toBeCloseTo(0, 5);
    expect(nearest.vectors?.[1]?.key).toBe('b');
    expect(nearest.vectors?.[1]?.distance).toBeCloseTo(1 - 0.9 / Math.sqrt(0.82), 5);

    expect(await query({ owner: 'u2' })).toEqual(['c', 'd']);
    expect(await query({ owner: { $eq: 'u1' } })).toEqual(['a', 'b']);
    expect(await query({ owner: { $ne: 'u1' } })).toEqual(['c', 'd']);
    expect(await query({ n: { $gt: 1, $lte: 3 } })).toEqual(['b', 'c']);
    expect(await query({ n: { $gte: 4 } })).toEqual(['d']);
    expect(await query({ n: { $lt: 2 } })).toEqual(['a']);
    expect(await query({ tags: { $in: ['x'] } })).toEqual(['a']);
    expect(await query({ tags: 'y' })).toEqual(['a', 'b']);
    expect(await query({ owner: { $nin: ['u1'] } })).toEqual(['c', 'd']);
    expect(await query({ ok: { $exists: true } })).toEqual(['c']);
    expect(await query({ $and: [{ owner: 'u2' }, { n: { $gt: 3 } }] })).toEqual(['d']);
    expect(await query({ $or: [{ n: 1 }, { n: 4 }] })).toEqual(['a', 'd']);
    // Non-filterable metadata never matches.
    expect(await query({ text: 'alpha' })).toEqual([]);
    await expect(query({ n: { $regex: 'x' } })).rejects.toBeInstanceOf(ValidationException);
    await expect(query({ n: { $gt: 'x' } })).rejects.toThrow(/number/);
    await expect(query(undefined, 101)).rejects.toThrow(/topK/);
    await expect(query(undefined, 0)).rejects.toBeInstanceOf(ValidationException);
  });

  it('queries euclidean indexes by distance', async () => {
    await client.send(
      new CreateIndexCommand({
        vectorBucketName,
        indexName: 'idx-euclid',
        dataType: 'float32',
        dimension: 2,
        distanceMetric: 'euclidean',
      }),
    );
    await client.send(
      new PutVectorsCommand({
        vectorBucketName,
        indexName: 'idx-euclid',
        vectors: [
          { key: 'near', data: f32(1, 1) },
          { key: 'far', data: f32(10, 10) },
          { key: 'origin', data: f32(0, 0) },
        ],
      }),
    );
    const out = await client.send(
      new QueryVectorsCommand({
        vectorBucketName,
        indexName: 'idx-euclid',
        topK: 2,
        queryVector: f32(1, 2),
        returnDistance: true,
      }),
    );
    expect(out.distanceMetric).toBe('euclidean');
    expect(out.vectors?.map((v) => [v.key, v.distance])).toEqual([
      ['near', 1],
      ['origin', Math.sqrt(5)],
    ]);
    await client.send(new DeleteIndexCommand({ vectorBucketName, indexName: 'idx-euclid' }));
    await expect(
      client.send(new GetIndexCommand({ vectorBucketName, indexName: 'idx-euclid' })),
    ).rejects.toBeInstanceOf(NotFoundException);
  });

  it('refuses requests not signed with the local credentials', async () => {
    const stranger = clientWith({ accessKeyId: credentials.accessKeyId, secretAccessKey: 'wrong' });
    await expect(stranger.send(new ListVectorBucketsCommand({}))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 403 },
    });
    const unknown = clientWith({ accessKeyId: 'SOMEONE', secretAccessKey: credentials.secretAccessKey });
    await expect(unknown.send(new ListVectorBucketsCommand({}))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const unsigned = await fetch(`${server.endpoint}/ListVectorBuckets`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(403);
  });
});
