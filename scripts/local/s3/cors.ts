import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a browser may do cross-origin: the bucket's CORS configuration on AWS (presigned uploads and downloads). */
const CORS_METHODS = ['GET', 'PUT', 'HEAD'];
const CORS_HEADERS = ['content-type', 'x-amz-meta-filename'];

/** Adds the CORS headers for an allowed Origin; false when the request has a foreign Origin. */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (!allowed.includes(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'ETag');
  return true;
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const method = String(req.headers['access-control-request-method'] ?? '');
  const headers = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (!CORS_METHODS.includes(method) || headers.some((name) => !CORS_HEADERS.includes(name))) {
    res.writeHead(403).end();
    return;
  }
  res.writeHead(200, {
    'Access-Control-Allow-Methods': CORS_METHODS.join(', '),
    'Access-Control-Allow-Headers': CORS_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
  });
  res.end();
}
