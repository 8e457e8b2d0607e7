import type { ServerResponse } from 'node:http';
import type { ObjectStore } from './object-store.js';
import { S3Error, sendXml, xmlEscape } from './responses.js';

/** ListObjectsV2: a page of the keys under a prefix, after a continuation token. */
export async function listObjects(
  res: ServerResponse,
  store: ObjectStore,
  bucket: string,
  param: (name: string) => string | undefined,
): Promise<void> {
  const prefix = param('prefix') ?? '';
  const maxKeys = Math.min(Math.max(Number(param('max-keys') ?? 1000) || 1000, 1), 1000);
  const after = param('continuation-token') ?? param('start-after') ?? '';
  const all = (await store.list(prefix)).filter((object) => object.key > after);
  const page = all.slice(0, maxKeys);
  const truncated = all.length > page.length;
  const contents = page
    .map(
      (object) =>
        `<Contents><Key>${xmlEscape(object.key)}</Key><LastModified>${new Date(object.lastModified).toISOString()}</LastModified><ETag>${xmlEscape(object.etag)}</ETag><Size>${object.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  sendXml(
    res,
    200,
    `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${
      truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)?.key ?? '')}</NextContinuationToken>` : ''
    }</ListBucketResult>`,
  );
}

/** DeleteObjects: the keys the request body lists (at most 1000). */
export async function deleteObjects(res: ServerResponse, store: ObjectStore, body: Buffer): Promise<void> {
  const xmlUnescape = (value: string) =>
    value
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map(([, key]) =>
    xmlUnescape(key ?? ''),
  );
  if (keys.length > 1000) throw new S3Error(400, 'MalformedXML', 'At most 1000 keys per request');
  for (const key of keys) await store.delete(key);
  sendXml(
    res,
    200,
    `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${keys
      .map((key) => `<Deleted><Key>${xmlEscape(key)}</Key></Deleted>`)
      .join('')}</DeleteResult>`,
  );
}
