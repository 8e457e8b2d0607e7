import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AdminCredentials } from '../cognito/admin-auth.js';
import { close, listen } from '../net.js';
import { deleteObjects, listObjects } from './bucket-requests.js';
import { answerPreflight, applyCors } from './cors.js';
import { type LocalS3Notification, notifyCreated } from './notifications.js';
import { createObjectStore, type ObjectInfo, type ObjectStore } from './object-store.js';
import { S3Error, sendError } from './responses.js';
import { queryPairs, verifyS3Signature } from './sigv4.js';

/**
 * The local stand-in for S3: the subset of its REST API (path-style) that the attachments use.
 * Presigned PUT, GET and HEAD from the browser; HEAD, GET, DELETE, DeleteObjects and
 * ListObjectsV2 from the functions through the AWS SDK. Every request must be signed with the
 * local stack's credentials (presigned or in the Authorization header), checked by recomputing
 * the signature; nothing is public. CORS only for the web app's origins, as the bucket's CORS
 * configuration on AWS.
 */
export interface LocalS3Options {
  port: number;
  /** Where the objects live (under the local data directory). */
  dataDir: string;
  bucket: string;
  credentials: AdminCredentials;
  /** The web app's origins: the only ones a browser may call from. */
  allowedOrigins: readonly string[];
  /** The bucket's event notifications (ObjectCreated under a prefix), as configured on AWS. */
  notifications?: readonly LocalS3Notification[];
  now?: () => number;
}

export interface LocalS3 {
  /** `http://localhost:<port>`: the endpoint the SDK (path-style) and presigned URLs use. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Larger than any attachment (5 MB), knowledge file (25 MB) or collection's keyword index: an
 * upload beyond it is refused before it is read.
 */
const MAX_OBJECT_BYTES = 64 * 1024 * 1024;
const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'Content-Type',
  'response-content-disposition': 'Content-Disposition',
  'response-content-language': 'Content-Language',
  'response-content-encoding': 'Content-Encoding',
  'response-cache-control': 'Cache-Control',
  'response-expires': 'Expires',
};

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit)
    throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit)
      throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function objectHeaders(info: ObjectInfo): Record<string, string | number> {
  return {
    'Content-Type': info.contentType,
    'Content-Length': info.size,
    ETag: info.etag,
    'Last-Modified': new Date(info.lastModified).toUTCString(),
    'Accept-Ranges': 'bytes',
    // What S3 cannot be told to send: the stand-in sends it anyway (see docs/decisions/aws.md).
    'X-Content-Type-Options': 'nosniff',
    ...Object.fromEntries(
      Object.entries(info.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]),
    ),
  };
}

function metadataOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) =>
      name.startsWith('x-amz-meta-') && typeof value === 'string'
        ? [[name.slice('x-amz-meta-'.length), value]]
        : [],
    ),
  );
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: LocalS3Options,
  store: ObjectStore,
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const [rawPath = '/', rawQuery = ''] = url.split('?');
  const pairs = queryPairs(rawQuery) ?? [];
  const param = (name: string) => pairs.find(([key]) => key === name)?.[1];
  const segments = rawPath.split('/').slice(1);
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(segments[0] ?? '');
    key = segments.slice(1).map(decodeURIComponent).join('/');
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }

  const limit = method === 'PUT' ? MAX_OBJECT_BYTES : MAX_REQUEST_BODY_BYTES;
  const body = await readBody(req, limit);
  const verdict = verifyS3Signature(
    options.credentials,
    { method, url, headers: req.headers, bodySha256: createHash('sha256').update(body).digest('hex') },
    options.now?.(),
  );
  if (!verdict.ok) throw new S3Error(verdict.status, verdict.code, verdict.message);
  if (bucket !== options.bucket)
    throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');

  if (!key) {
    if (method === 'GET' && param('list-type') === '2') return listObjects(res, store, bucket, param);
    if (method === 'POST' && pairs.some(([name]) => name === 'delete'))
      return deleteObjects(res, store, body);
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  switch (method) {
    case 'PUT': {
      const declared = req.headers['content-length'];
      if (declared === undefined)
        throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
      if (Number(declared) !== body.length)
        throw new S3Error(
          400,
          'IncompleteBody',
          'You did not provide the number of bytes specified by the Content-Length HTTP header.',
        );
      const info = await store.put(key, body, {
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        metadata: metadataOf(req),
      });
      res.writeHead(200, { ETag: info.etag, 'Content-Length': 0 }).end();
      notifyCreated(options.notifications ?? [], bucket, info);
      return;
    }
    case 'HEAD':
    case 'GET': {
      const found = await store.get(key);
      if (!found) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const headers = objectHeaders(found.info);
      for (const [name, header] of Object.entries(RESPONSE_OVERRIDES)) {
        const value = param(name);
        if (value !== undefined) headers[header] = value;
      }
      res.writeHead(200, headers);
      res.end(method === 'GET' ? found.body : undefined);
      return;
    }
    case 'DELETE':
      await store.delete(key);
      res.writeHead(204).end();
      return;
    default:
      throw new S3Error(
        405,
        'MethodNotAllowed',
        'The specified method is not allowed against this resource.',
      );
  }
}

export async function startLocalS3(options: LocalS3Options): Promise<LocalS3> {
  const store = createObjectStore(`${options.dataDir}/${options.bucket}`);
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const corsAllowed = applyCors(req, res, options.allowedOrigins);
    if (method === 'OPTIONS') {
      if (corsAllowed && req.headers.origin !== undefined) return answerPreflight(req, res);
      return void res.writeHead(403).end();
    }
    // A page on another origin gets nothing, not even the side effects of a request it cannot read.
    if (!corsAllowed) return sendError(res, method, new S3Error(403, 'AccessDenied', 'Origin not allowed'));
    handle(req, res, options, store).catch((error: unknown) => {
      const s3Error =
        error instanceof S3Error
          ? error
          : new S3Error(500, 'InternalError', 'We encountered an internal error.');
      if (!(error instanceof S3Error)) console.error('[local-s3]', error);
      if (res.headersSent) return void res.destroy();
      // Whatever is left of a refused upload is not read.
      res.setHeader('Connection', 'close');
      sendError(res, method, s3Error);
    });
  });
  const port = await listen(server, options.port);
  return { endpoint: `http://localhost:${port}`, port, stop: () => close(server) };
}
