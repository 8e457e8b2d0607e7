import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AdminCredentials } from '../cognito/admin-auth.js';

/**
 * S3's SigV4, recomputed and compared: presigned URLs (the signature in the query, payload
 * UNSIGNED-PAYLOAD, valid until X-Amz-Date + X-Amz-Expires) and signed requests (the
 * Authorization header, payload hash in x-amz-content-sha256). S3 signs the path as sent (no
 * second URI encoding, unlike the other services) and every signed header's exact value, so a
 * presigned PUT bound to a Content-Type and Content-Length refuses any other.
 */
export type SignatureVerdict =
  | { ok: true; presigned: boolean }
  | { ok: false; status: 400 | 403; code: string; message: string };

export interface SignedRequest {
  method: string;
  /** Path and query exactly as received (`req.url`). */
  url: string;
  headers: IncomingHttpHeaders;
  /** SHA-256 (hex) of the body as received, checked against a signed payload hash. */
  bodySha256: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const MAX_SKEW_MS = 15 * 60 * 1000;
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The query's pairs, decoded (`+` is a literal plus, as the SDK sends a space as %20). */
export function queryPairs(query: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const part of query.split('&').filter(Boolean)) {
    const at = part.indexOf('=');
    const key = safeDecode(at < 0 ? part : part.slice(0, at));
    const value = safeDecode(at < 0 ? '' : part.slice(at + 1));
    if (key === undefined || value === undefined) return undefined;
    pairs.push([key, value]);
  }
  return pairs;
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}

function parseAmzDate(amzDate: string): number {
  return Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
}

interface AuthParts {
  credential: string;
  amzDate: string;
  signedHeaders: string;
  signature: string;
  payloadHash: string;
  /** The query without the signature, as signed. */
  pairs: [string, string][];
  expiresSeconds?: number;
}

const denied = (code: string, message: string, status: 400 | 403 = 403): SignatureVerdict => ({
  ok: false,
  status,
  code,
  message,
});

function authParts(request: SignedRequest, service: string): AuthParts | SignatureVerdict {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const pairs = queryPairs(query);
  if (!pairs) return denied('InvalidArgument', 'The query string is not well formed', 400);
  const param = (name: string) => pairs.find(([key]) => key === name)?.[1];
  const authorization = headerValue(request.headers, 'authorization');
  if (param('X-Amz-Signature') !== undefined) {
    if (authorization) return denied('InvalidArgument', 'Only one auth mechanism allowed', 400);
    if (param('X-Amz-Algorithm') !== ALGORITHM) {
      return denied('AuthorizationQueryParametersError', 'X-Amz-Algorithm must be AWS4-HMAC-SHA256', 400);
    }
    const expires = Number(param('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS) {
      return denied('AuthorizationQueryParametersError', 'X-Amz-Expires must be 1 to 604800 seconds', 400);
    }
    return {
      credential: param('X-Amz-Credential') ?? '',
      amzDate: param('X-Amz-Date') ?? '',
      signedHeaders: param('X-Amz-SignedHeaders') ?? '',
      signature: param('X-Amz-Signature') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      pairs: pairs.filter(([key]) => key !== 'X-Amz-Signature'),
      expiresSeconds: expires,
    };
  }
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,\s]+), ?SignedHeaders=([^,\s]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return denied('AccessDenied', 'Access Denied');
  // S3 requires the payload hash in a header; the other services sign the body's hash without one.
  const payloadHash =
    headerValue(request.headers, 'x-amz-content-sha256') || (service === 's3' ? '' : request.bodySha256);
  if (!payloadHash) return denied('InvalidRequest', 'Missing required header x-amz-content-sha256', 400);
  return {
    credential: match[1] ?? '',
    amzDate: headerValue(request.headers, 'x-amz-date'),
    signedHeaders: match[2] ?? '',
    signature: match[3] ?? '',
    payloadHash,
    pairs,
  };
}

/** Whether `request` is signed with `credentials` for S3 and still valid at `now`. */
export function verifyS3Signature(
  credentials: AdminCredentials,
  request: SignedRequest,
  now = Date.now(),
): SignatureVerdict {
  return verifySigV4(credentials, request, 's3', now);
}

/**
 * The same check for another service's signing name (`s3vectors`, `scheduler`): those sign the
 * path URI-encoded once more and may leave out the payload hash header (the body's hash is signed).
 */
export function verifySigV4(
  credentials: AdminCredentials,
  request: SignedRequest,
  service: string,
  now = Date.now(),
): SignatureVerdict {
  const parts = authParts(request, service);
  if ('ok' in parts) return parts;
  const [accessKeyId, day, region, scopeService, terminator] = parts.credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return denied('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (
    !day ||
    !region ||
    scopeService !== service ||
    terminator !== 'aws4_request' ||
    !parts.amzDate.startsWith(day)
  ) {
    return denied('AuthorizationQueryParametersError', 'The credential scope is not well formed', 400);
  }
  const at = parseAmzDate(parts.amzDate);
  if (!Number.isFinite(at)) return denied('AccessDenied', 'X-Amz-Date is not well formed');
  if (parts.expiresSeconds !== undefined) {
    if (now > at + parts.expiresSeconds * 1000) return denied('AccessDenied', 'Request has expired');
    if (at - now > MAX_SKEW_MS) return denied('AccessDenied', 'Request is not valid yet');
  } else if (Math.abs(now - at) > MAX_SKEW_MS) {
    return denied(
      'RequestTimeTooSkewed',
      'The difference between the request time and the server time is too large.',
    );
  }
  const signedHeaderNames = parts.signedHeaders.split(';');
  if (!signedHeaderNames.includes('host')) return denied('AccessDenied', 'The host header must be signed');
  if (!/^(UNSIGNED-PAYLOAD|[0-9a-f]{64})$/.test(parts.payloadHash)) {
    return denied('InvalidArgument', 'Unsupported x-amz-content-sha256', 400);
  }
  if (parts.payloadHash !== 'UNSIGNED-PAYLOAD' && parts.payloadHash !== request.bodySha256) {
    return denied(
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
      400,
    );
  }

  const sentPath = request.url.split('?')[0] || '/';
  const path = service === 's3' ? sentPath : sentPath.split('/').map(encodeRfc3986).join('/');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(parts.pairs),
    signedHeaderNames.map((name) => `${name}:${headerValue(request.headers, name)}\n`).join(''),
    parts.signedHeaders,
    parts.payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, parts.amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = [day, region, service, 'aws4_request'].reduce<Buffer | string>(
    (signingKey, part) => hmac(signingKey, part),
    `AWS4${credentials.secretAccessKey}`,
  );
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(parts.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(expected, given)) {
    return denied(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return { ok: true, presigned: parts.expiresSeconds !== undefined };
}
