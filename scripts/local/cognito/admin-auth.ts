import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The local stack's own AWS-style credentials for the identity service's administrative operations
 * (Admin*, List*, pool and client management): made on first start per data directory (0600).
 * Such calls must carry a valid SigV4 signature made with them; anyone else on the port gets only
 * the public operations a browser uses.
 */
export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export function loadAdminCredentials(path: string): AdminCredentials {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as AdminCredentials;
  } catch {
    const credentials = {
      accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
      secretAccessKey: randomBytes(30).toString('base64url'),
    };
    writeFileSync(path, JSON.stringify(credentials), { mode: 0o600 });
    return credentials;
  }
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Whether the request carries a valid SigV4 signature made with `credentials` (recomputed, not trusted). */
export function isSignedBy(
  credentials: AdminCredentials,
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: string },
  now = Date.now(),
): boolean {
  const auth = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return false;
  const [, accessKeyId, day, region, service, signedHeaderList, signature] = match as unknown as string[];
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const at = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (accessKeyId !== credentials.accessKeyId || !amzDate.startsWith(day as string)) return false;
  if (!Number.isFinite(at) || Math.abs(now - at) > MAX_SKEW_MS) return false;

  const signedHeaders = (signedHeaderList as string).split(';');
  if (!signedHeaders.includes('host')) return false;
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const [path = '/', query = ''] = request.url.split('?');
  const canonicalQuery = query.split('&').filter(Boolean).sort().join('&');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaderList,
    sha256(request.body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = ['aws4_request', service, region, day].reduceRight<Buffer | string>(
    (signingKey, part) => hmac(signingKey, part as string),
    `AWS4${credentials.secretAccessKey}`,
  );
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature as string, 'hex'));
}
