import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AdminCredentials } from '../cognito/admin-auth.js';
import { close, listen } from '../net.js';
import { verifySigV4 } from '../s3/sigv4.js';
import { Catalog } from './catalog.js';
import { invalid, sendError, sendJson, VectorsError } from './errors.js';
import { LIMITS } from './limits.js';
import { OPERATIONS } from './operations.js';

/**
 * The local stand-in for Amazon S3 Vectors: its REST-JSON API (each operation a POST to
 * `/<Operation>`) as `@aws-sdk/client-s3vectors` speaks it, with the service's limits and error
 * shapes. Every request must be SigV4-signed for `s3vectors` with the local stack's credentials
 * (recomputed by the local S3's verifier). Buckets, indexes and vectors persist under `dataDir`.
 */
export interface LocalS3VectorsOptions {
  port: number;
  dataDir: string;
  credentials: AdminCredentials;
  region?: string;
  /** Vector buckets made on start when missing (the stage's bucket, which CDK makes on AWS). */
  buckets?: readonly string[];
  now?: () => number;
}

export interface LocalS3Vectors {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

const LOCAL_ACCOUNT = '000000000000';

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = () =>
    new VectorsError(
      413,
      'ValidationException',
      `Request payload exceeds ${LIMITS.maxRequestBytes / 1024 / 1024} MiB`,
    );
  if (Number(req.headers['content-length'] ?? 0) > LIMITS.maxRequestBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMITS.maxRequestBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The SigV4 verdict's S3-style codes, as the JSON services name them. */
const AUTH_CODES: Record<string, string> = {
  InvalidAccessKeyId: 'UnrecognizedClientException',
  SignatureDoesNotMatch: 'InvalidSignatureException',
};

export async function startLocalS3Vectors(options: LocalS3VectorsOptions): Promise<LocalS3Vectors> {
  const now = options.now ?? Date.now;
  const catalog = new Catalog(options.dataDir, options.region ?? 'us-east-1', LOCAL_ACCOUNT, now);
  await catalog.load();
  const existing = new Set(catalog.listBuckets().map((bucket) => bucket.vectorBucketName));
  for (const name of options.buckets ?? []) if (!existing.has(name)) catalog.createBucket(name);

  async function handle(req: IncomingMessage): Promise<unknown> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const body = await readBody(req);
    const verdict = verifySigV4(
      options.credentials,
      { method, url, headers: req.headers, bodySha256: createHash('sha256').update(body).digest('hex') },
      's3vectors',
      now(),
    );
    if (!verdict.ok || verdict.presigned) {
      const code = verdict.ok
        ? 'AccessDeniedException'
        : (AUTH_CODES[verdict.code] ?? 'AccessDeniedException');
      throw new VectorsError(403, code, verdict.ok ? 'Presigned requests are not accepted' : verdict.message);
    }
    const operation = method === 'POST' ? OPERATIONS[url.split('?')[0]?.slice(1) ?? ''] : undefined;
    if (!operation) throw new VectorsError(404, 'UnknownOperationException', 'Unknown operation');
    let input: unknown;
    try {
      input = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      throw invalid('The request body is not valid JSON');
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      throw invalid('The request body must be a JSON object');
    return operation(input as Record<string, unknown>, catalog);
  }

  const server = createServer((req, res) => {
    handle(req)
      .then((output) => sendJson(res, 200, output))
      .catch((error: unknown) => {
        if (!(error instanceof VectorsError)) console.error('[local-s3vectors]', error);
        const answer =
          error instanceof VectorsError
            ? error
            : new VectorsError(500, 'InternalServerException', 'Internal error');
        if (res.headersSent) return void res.destroy();
        res.setHeader('Connection', 'close');
        sendError(res, answer);
      });
  });
  const port = await listen(server, options.port);
  return { endpoint: `http://localhost:${port}`, port, stop: () => close(server) };
}
