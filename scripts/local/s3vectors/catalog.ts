import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conflict, invalid, notFound } from './errors.js';
import { checkBucketName, checkIndexName } from './limits.js';
import { type DistanceMetric, VectorIndexData } from './vector-index.js';

export interface BucketRecord {
  vectorBucketName: string;
  vectorBucketArn: string;
  /** Epoch seconds. */
  creationTime: number;
}

export interface IndexRecord {
  vectorBucketName: string;
  indexName: string;
  indexArn: string;
  creationTime: number;
  dataType: 'float32';
  dimension: number;
  distanceMetric: DistanceMetric;
  nonFilterableMetadataKeys: string[];
}

export interface OpenIndex {
  record: IndexRecord;
  nonFilterable: ReadonlySet<string>;
  data: VectorIndexData;
}

/** What names a bucket in a request: its name or its ARN, exactly one of them. */
export interface BucketRef {
  vectorBucketName?: unknown;
  vectorBucketArn?: unknown;
}
export interface IndexRef extends BucketRef {
  indexName?: unknown;
  indexArn?: unknown;
}

const ARN_PREFIX = 'arn:aws:s3vectors:';

/**
 * The vector buckets and their indexes, kept in `catalog.json` under the data directory (written
 * whole on each change: a handful of records), each index's vectors in its own log beside it.
 */
export class Catalog {
  private buckets = new Map<string, BucketRecord>();
  private indexes = new Map<string, OpenIndex>();

  constructor(
    private readonly dataDir: string,
    private readonly region: string,
    private readonly account: string,
    private readonly now: () => number,
  ) {}

  async load(): Promise<void> {
    mkdirSync(join(this.dataDir, 'indexes'), { recursive: true });
    const file = join(this.dataDir, 'catalog.json');
    if (!existsSync(file)) return;
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      buckets: BucketRecord[];
      indexes: IndexRecord[];
    };
    for (const bucket of saved.buckets) this.buckets.set(bucket.vectorBucketName, bucket);
    for (const record of saved.indexes) {
      const open = this.open(record);
      await open.data.load();
      this.indexes.set(this.indexId(record.vectorBucketName, record.indexName), open);
    }
  }

  listBuckets(): BucketRecord[] {
    return [...this.buckets.values()].sort((a, b) => a.vectorBucketName.localeCompare(b.vectorBucketName));
  }

  listIndexes(bucket: string): IndexRecord[] {
    return [...this.indexes.values()]
      .map((open) => open.record)
      .filter((record) => record.vectorBucketName === bucket)
      .sort((a, b) => a.indexName.localeCompare(b.indexName));
  }

  createBucket(name: unknown): BucketRecord {
    const vectorBucketName = checkBucketName(name);
    if (this.buckets.has(vectorBucketName))
      throw conflict(`A vector bucket named ${vectorBucketName} already exists`);
    const record = {
      vectorBucketName,
      vectorBucketArn: `${ARN_PREFIX}${this.region}:${this.account}:bucket/${vectorBucketName}`,
      creationTime: Math.floor(this.now() / 1000),
    };
    this.buckets.set(vectorBucketName, record);
    this.save();
    return record;
  }

  bucket(ref: BucketRef): BucketRecord {
    const name = this.bucketName(ref);
    const record = this.buckets.get(name);
    if (!record) throw notFound(`The specified vector bucket could not be found: ${name}`);
    return record;
  }

  deleteBucket(ref: BucketRef): void {
    const record = this.bucket(ref);
    if (this.listIndexes(record.vectorBucketName).length > 0) {
      throw conflict('The vector bucket is not empty: delete its indexes first');
    }
    this.buckets.delete(record.vectorBucketName);
    this.save();
  }

  createIndex(
    ref: BucketRef,
    spec: { indexName: unknown; dimension: number; distanceMetric: DistanceMetric; nonFilterable: string[] },
  ): IndexRecord {
    const bucket = this.bucket(ref);
    const indexName = checkIndexName(spec.indexName);
    const id = this.indexId(bucket.vectorBucketName, indexName);
    if (this.indexes.has(id)) throw conflict(`An index named ${indexName} already exists`);
    const record: IndexRecord = {
      vectorBucketName: bucket.vectorBucketName,
      indexName,
      indexArn: `${bucket.vectorBucketArn}/index/${indexName}`,
      creationTime: Math.floor(this.now() / 1000),
      dataType: 'float32',
      dimension: spec.dimension,
      distanceMetric: spec.distanceMetric,
      nonFilterableMetadataKeys: spec.nonFilterable,
    };
    mkdirSync(join(this.dataDir, 'indexes', bucket.vectorBucketName), { recursive: true });
    rmSync(this.logFile(record), { force: true });
    this.indexes.set(id, this.open(record));
    this.save();
    return record;
  }

  index(ref: IndexRef): OpenIndex {
    let bucketName: string;
    let indexName: string;
    if (ref.indexArn !== undefined) {
      if (
        ref.indexName !== undefined ||
        ref.vectorBucketName !== undefined ||
        ref.vectorBucketArn !== undefined
      ) {
        throw invalid('Specify either indexArn or the bucket and indexName, not both');
      }
      const match =
        typeof ref.indexArn === 'string' &&
        /^arn:aws:s3vectors:[^:]*:[^:]*:bucket\/([^/]+)\/index\/([^/]+)$/.exec(ref.indexArn);
      if (!match) throw invalid('Invalid indexArn');
      [, bucketName = '', indexName = ''] = match;
    } else {
      bucketName = this.bucketName(ref);
      indexName = checkIndexName(ref.indexName);
    }
    if (!this.buckets.has(bucketName))
      throw notFound(`The specified vector bucket could not be found: ${bucketName}`);
    const open = this.indexes.get(this.indexId(bucketName, indexName));
    if (!open) throw notFound(`The specified index could not be found: ${indexName}`);
    return open;
  }

  deleteIndex(ref: IndexRef): void {
    const { record } = this.index(ref);
    this.indexes.delete(this.indexId(record.vectorBucketName, record.indexName));
    this.save();
    rmSync(this.logFile(record), { force: true });
  }

  private bucketName(ref: BucketRef): string {
    if ((ref.vectorBucketName === undefined) === (ref.vectorBucketArn === undefined)) {
      throw invalid('Specify exactly one of vectorBucketName and vectorBucketArn');
    }
    if (ref.vectorBucketName !== undefined) return checkBucketName(ref.vectorBucketName);
    const match =
      typeof ref.vectorBucketArn === 'string' &&
      /^arn:aws:s3vectors:[^:]*:[^:]*:bucket\/([^/]+)$/.exec(ref.vectorBucketArn);
    if (!match) throw invalid('Invalid vectorBucketArn');
    return match[1] as string;
  }

  private open(record: IndexRecord): OpenIndex {
    return {
      record,
      nonFilterable: new Set(record.nonFilterableMetadataKeys),
      data: new VectorIndexData(record.dimension, record.distanceMetric, this.logFile(record)),
    };
  }

  private indexId(bucket: string, index: string): string {
    return `${bucket}/${index}`;
  }

  private logFile(record: IndexRecord): string {
    return join(this.dataDir, 'indexes', record.vectorBucketName, `${record.indexName}.log`);
  }

  private save(): void {
    const file = join(this.dataDir, 'catalog.json');
    const body = {
      buckets: [...this.buckets.values()],
      indexes: [...this.indexes.values()].map((open) => open.record),
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(body));
    renameSync(`${file}.tmp`, file);
  }
}
