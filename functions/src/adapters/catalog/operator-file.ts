import { readFile } from 'node:fs/promises';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { CatalogSource } from '../../domain/mcp/catalog/catalog-service.js';
import { serverJsonItems } from './server-list.js';

/** An operator's catalog file is small; past this it is refused (logged) rather than read. */
export const MAX_OPERATOR_FILE_BYTES = 1024 * 1024;

function parseFile(text: string): unknown {
  if (Buffer.byteLength(text) > MAX_OPERATOR_FILE_BYTES)
    throw new Error(`the file passes ${MAX_OPERATOR_FILE_BYTES} bytes`);
  return serverJsonItems(JSON.parse(text));
}

/** A JSON file on disk (the local stack, or one bundled with the function). */
export function createFileCatalogSource(path: string): CatalogSource {
  return { origin: 'operator file', read: async () => parseFile(await readFile(path, 'utf8')) };
}

/** An S3 object the operator uploads (on AWS; the function may GetObject this key only). */
export function createS3CatalogSource(s3: S3Client, bucket: string, key: string): CatalogSource {
  return {
    origin: 'operator file',
    async read() {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if ((object.ContentLength ?? 0) > MAX_OPERATOR_FILE_BYTES)
        throw new Error(`the file passes ${MAX_OPERATOR_FILE_BYTES} bytes`);
      return parseFile((await object.Body?.transformToString('utf8')) ?? '');
    },
  };
}
