import { createHash } from 'node:crypto';
import type { Catalog, OpenIndex } from './catalog.js';
import { invalid } from './errors.js';
import { checkInt, checkKey, checkKeys, LIMITS } from './limits.js';
import { checkMetadata, compileFilter } from './metadata.js';
import type { StoredVector } from './vector-index.js';

type Body = Record<string, unknown>;
export type Operation = (body: Body, catalog: Catalog) => unknown;

/** An opaque page token: the last name or key of the page before. */
const token = (after: string) => Buffer.from(after, 'utf8').toString('base64url');
function afterToken(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length === 0) throw invalid('Invalid nextToken');
  return Buffer.from(value, 'base64url').toString('utf8');
}

function page<T>(
  items: T[],
  name: (item: T) => string,
  body: Body,
  max: number,
): { items: T[]; nextToken?: string } {
  const maxResults = checkInt(body.maxResults, 'maxResults', 1, max) ?? max;
  const after = afterToken(body.nextToken);
  const prefix = body.prefix;
  if (prefix !== undefined && typeof prefix !== 'string') throw invalid('prefix must be a string');
  const rest = items.filter(
    (item) => (after === undefined || name(item) > after) && (!prefix || name(item).startsWith(prefix)),
  );
  const slice = rest.slice(0, maxResults);
  const last = slice.at(-1);
  return { items: slice, ...(rest.length > maxResults && last ? { nextToken: token(name(last)) } : {}) };
}

/** A vector's `data`: `{ float32: [...] }` of the index's dimension, every value finite. */
function vectorData(data: unknown, index: OpenIndex): Float32Array {
  const values = (data as { float32?: unknown } | undefined)?.float32;
  if (!Array.isArray(values)) throw invalid('Vector data must be given as float32');
  const { dimension, distanceMetric } = index.record;
  if (values.length !== dimension) {
    throw invalid(`Invalid vector dimension: expected ${dimension}, got ${values.length}`);
  }
  const vector = new Float32Array(values.length);
  let zero = true;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw invalid('Vector values must be finite numbers');
    vector[i] = value;
    if (value !== 0) zero = false;
  }
  if (zero && distanceMetric === 'cosine')
    throw invalid('A zero vector has no direction: invalid with the cosine metric');
  return vector;
}

const flag = (value: unknown, name: string): boolean => {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(`${name} must be a boolean`);
  return value;
};

const floats = (data: Float32Array) => ({ float32: Array.from(data) });

/** The operations, by the path the SDK posts to (`/CreateIndex`, ...). */
export const OPERATIONS: Record<string, Operation> = {
  CreateVectorBucket: (body, catalog) => ({
    vectorBucketArn: catalog.createBucket(body.vectorBucketName).vectorBucketArn,
  }),
  GetVectorBucket: (body, catalog) => ({
    vectorBucket: { ...catalog.bucket(body), encryptionConfiguration: { sseType: 'AES256' } },
  }),
  DeleteVectorBucket: (body, catalog) => {
    catalog.deleteBucket(body);
    return {};
  },
  ListVectorBuckets: (body, catalog) => {
    const { items, nextToken } = page(
      catalog.listBuckets(),
      (b) => b.vectorBucketName,
      body,
      LIMITS.maxListBucketsPage,
    );
    return { vectorBuckets: items, ...(nextToken ? { nextToken } : {}) };
  },
  CreateIndex: (body, catalog) => {
    if (body.dataType !== 'float32') throw invalid('dataType must be float32');
    const dimension = checkInt(body.dimension, 'dimension', LIMITS.minDimension, LIMITS.maxDimension);
    if (dimension === undefined) throw invalid('dimension is required');
    if (body.distanceMetric !== 'cosine' && body.distanceMetric !== 'euclidean') {
      throw invalid('distanceMetric must be cosine or euclidean');
    }
    const keys = (body.metadataConfiguration as { nonFilterableMetadataKeys?: unknown } | undefined)
      ?.nonFilterableMetadataKeys;
    if (
      keys !== undefined &&
      (!Array.isArray(keys) ||
        keys.length > LIMITS.maxNonFilterableKeys ||
        !keys.every((k) => typeof k === 'string' && k.length > 0))
    ) {
      throw invalid(`nonFilterableMetadataKeys takes at most ${LIMITS.maxNonFilterableKeys} key names`);
    }
    const record = catalog.createIndex(body, {
      indexName: body.indexName,
      dimension,
      distanceMetric: body.distanceMetric,
      nonFilterable: (keys as string[] | undefined) ?? [],
    });
    return { indexArn: record.indexArn };
  },
  GetIndex: (body, catalog) => {
    const { nonFilterableMetadataKeys, ...record } = catalog.index(body).record;
    return {
      index: {
        ...record,
        ...(nonFilterableMetadataKeys.length ? { metadataConfiguration: { nonFilterableMetadataKeys } } : {}),
        encryptionConfiguration: { sseType: 'AES256' },
      },
    };
  },
  DeleteIndex: (body, catalog) => {
    catalog.deleteIndex(body);
    return {};
  },
  ListIndexes: (body, catalog) => {
    const bucket = catalog.bucket(body);
    const summaries = catalog
      .listIndexes(bucket.vectorBucketName)
      .map(({ vectorBucketName, indexName, indexArn, creationTime }) => ({
        vectorBucketName,
        indexName,
        indexArn,
        creationTime,
      }));
    const { items, nextToken } = page(summaries, (i) => i.indexName, body, LIMITS.maxListIndexesPage);
    return { indexes: items, ...(nextToken ? { nextToken } : {}) };
  },
  PutVectors: (body, catalog) => {
    const index = catalog.index(body);
    const { vectors } = body;
    if (!Array.isArray(vectors) || vectors.length < 1 || vectors.length > LIMITS.maxPutVectors) {
      throw invalid(`vectors must list 1 to ${LIMITS.maxPutVectors} vectors`);
    }
    const seen = new Set<string>();
    const stored: StoredVector[] = vectors.map((item: Body) => {
      const key = checkKey(item?.key);
      if (seen.has(key)) throw invalid(`Duplicate key in one request: ${key}`);
      seen.add(key);
      return {
        key,
        data: vectorData(item.data, index),
        metadata: checkMetadata(item.metadata, index.nonFilterable),
      };
    });
    index.data.put(stored);
    return {};
  },
  GetVectors: (body, catalog) => {
    const index = catalog.index(body);
    const keys = checkKeys(body.keys, LIMITS.maxGetVectors);
    const returnData = flag(body.returnData, 'returnData');
    const returnMetadata = flag(body.returnMetadata, 'returnMetadata');
    const vectors = keys.flatMap((key) => {
      const found = index.data.get(key, returnData);
      if (!found) return [];
      return [
        {
          key,
          ...(found.data ? { data: floats(found.data) } : {}),
          ...(returnMetadata ? { metadata: found.metadata } : {}),
        },
      ];
    });
    return { vectors };
  },
  DeleteVectors: (body, catalog) => {
    const index = catalog.index(body);
    index.data.delete(checkKeys(body.keys, LIMITS.maxDeleteVectors));
    return {};
  },
  ListVectors: (body, catalog) => {
    const index = catalog.index(body);
    const segmentCount = checkInt(body.segmentCount, 'segmentCount', 1, LIMITS.maxSegments);
    const segmentIndex = checkInt(body.segmentIndex, 'segmentIndex', 0, LIMITS.maxSegments - 1);
    if (
      (segmentCount === undefined) !== (segmentIndex === undefined) ||
      (segmentCount !== undefined && (segmentIndex as number) >= segmentCount)
    ) {
      throw invalid('segmentCount and segmentIndex go together, segmentIndex below segmentCount');
    }
    const inSegment = (key: string) =>
      segmentCount === undefined ||
      createHash('md5').update(key).digest().readUInt32BE(0) % segmentCount === segmentIndex;
    const keys = index.data.allKeys().filter(inSegment).sort();
    const { items, nextToken } = page(
      keys,
      (key) => key,
      { ...body, prefix: undefined },
      LIMITS.maxListVectorsPage,
    );
    const returnData = flag(body.returnData, 'returnData');
    const returnMetadata = flag(body.returnMetadata, 'returnMetadata');
    const vectors = items.map((key) => {
      const found = index.data.get(key, returnData);
      return {
        key,
        ...(found?.data ? { data: floats(found.data) } : {}),
        ...(returnMetadata ? { metadata: found?.metadata } : {}),
      };
    });
    return { vectors, ...(nextToken ? { nextToken } : {}) };
  },
  QueryVectors: (body, catalog) => {
    const index = catalog.index(body);
    const topK = checkInt(body.topK, 'topK', 1, LIMITS.maxTopK);
    if (topK === undefined) throw invalid('topK is required');
    const vector = vectorData(body.queryVector, index);
    const filter =
      body.filter === undefined || body.filter === null
        ? undefined
        : compileFilter(body.filter, index.nonFilterable);
    const returnMetadata = flag(body.returnMetadata, 'returnMetadata');
    const returnDistance = flag(body.returnDistance, 'returnDistance');
    const matches = index.data.query(vector, topK, filter);
    return {
      vectors: matches.map((m) => ({
        key: m.key,
        ...(returnDistance ? { distance: m.distance } : {}),
        ...(returnMetadata ? { metadata: m.metadata } : {}),
      })),
      distanceMetric: index.record.distanceMetric,
    };
  },
};
