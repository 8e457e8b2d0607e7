import { invalid } from './errors.js';

/** Amazon S3 Vectors' documented limits (Limitations and restrictions, S3 user guide). */
export const LIMITS = {
  minDimension: 1,
  maxDimension: 4096,
  maxTopK: 100,
  maxPutVectors: 500,
  maxDeleteVectors: 500,
  maxGetVectors: 100,
  maxListVectorsPage: 1000,
  maxListBucketsPage: 500,
  maxListIndexesPage: 500,
  maxSegments: 16,
  maxMetadataBytes: 40 * 1024,
  maxFilterableMetadataBytes: 2 * 1024,
  maxMetadataKeys: 50,
  maxNonFilterableKeys: 10,
  maxRequestBytes: 20 * 1024 * 1024,
  maxKeyLength: 1024,
} as const;

const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
const INDEX_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function checkBucketName(name: unknown): string {
  if (typeof name !== 'string' || !BUCKET_NAME.test(name)) {
    throw invalid(
      'Invalid vector bucket name: 3 to 63 lowercase letters, numbers and hyphens, starting and ending with a letter or number',
    );
  }
  return name;
}

export function checkIndexName(name: unknown): string {
  if (typeof name !== 'string' || !INDEX_NAME.test(name)) {
    throw invalid(
      'Invalid index name: 3 to 63 lowercase letters, numbers, hyphens and dots, starting and ending with a letter or number',
    );
  }
  return name;
}

export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length < 1 || key.length > LIMITS.maxKeyLength) {
    throw invalid(`Vector keys must be 1 to ${LIMITS.maxKeyLength} characters`);
  }
  return key;
}

/** An optional integer within [min, max]. */
export function checkInt(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

/** A list of 1..max keys. */
export function checkKeys(keys: unknown, max: number): string[] {
  if (!Array.isArray(keys) || keys.length < 1 || keys.length > max) {
    throw invalid(`keys must list 1 to ${max} keys`);
  }
  return keys.map(checkKey);
}
