import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { LOCAL_SES_CREDENTIALS } from '../../../functions/src/adapters/mail/ses-mailer.js';
import { close, listen, readBody } from '../net.js';
import type { Outbox, OutboxEntry } from '../outbox.js';

const SEND_EMAIL_PATH = '/v2/email/outbound-emails';
const MAX_BODY_BYTES = 256 * 1024;
const MAX_SKEW_MS = 15 * 60 * 1000;

/** What mail each product kind is (the outbox page groups by it): SES's `kind` message tag. */
const PRODUCT_KINDS = [
  'team-invitation',
  'waitlist-admitted',
  'automation-run',
] as const satisfies readonly OutboxEntry['kind'][];

/** The part of SES v2's SendEmail request the product sends: simple text mail to named addresses. */
const sendEmailSchema = z.object({
  FromEmailAddress: z.string().min(3),
  Destination: z.object({ ToAddresses: z.array(z.string().min(3)).min(1).max(50) }),
  Content: z.object({
    Simple: z.object({
      Subject: z.object({ Data: z.string().min(1) }),
      Body: z.object({ Text: z.object({ Data: z.string().min(1) }) }),
    }),
  }),
  EmailTags: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
});

export interface LocalSes {
  url: string;
  stop(): Promise<void>;
}

/**
 * Amazon SES v2's SendEmail on the local stack: the product's SES client (adapters/mail/
 * ses-mailer.ts) sends to it as it would to AWS, signed with SigV4 for `ses`, and each recipient's
 * copy lands in the local outbox. The outbox shows a code apart from the text, as it does the
 * identity service's: for product mail, the `code` of a link in the text (an invitation's join link).
 */
export async function startLocalSes(options: {
  outbox: Outbox;
  port?: number;
  now?: () => number;
}): Promise<LocalSes> {
  const now = options.now ?? Date.now;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, 'InternalFailure', String(error)));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url !== SEND_EMAIL_PATH) {
      return fail(res, 404, 'NotFoundException', `Unknown operation: ${req.method} ${req.url}`);
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    const denied = signatureProblem(req, body, now());
    if (denied) return fail(res, 403, 'UnrecognizedClientException', denied);
    const parsed = sendEmailSchema.safeParse(parseJson(body));
    if (!parsed.success) return fail(res, 400, 'BadRequestException', z.prettifyError(parsed.error));
    const request = parsed.data;
    const kindTag = request.EmailTags?.find((tag) => tag.Name === 'kind')?.Value;
    const kind = PRODUCT_KINDS.find((candidate) => candidate === kindTag);
    if (!kind)
      return fail(
        res,
        400,
        'BadRequestException',
        `The 'kind' tag must be one of ${PRODUCT_KINDS.join(', ')}`,
      );
    const { Subject, Body } = request.Content.Simple;
    const text = Body.Text.Data;
    for (const to of request.Destination.ToAddresses) {
      await options.outbox.append({ to, kind, subject: Subject.Data, code: linkCode(text), text });
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ MessageId: `local-${createHash('sha256').update(body).digest('hex').slice(0, 24)}` }),
    );
  }

  const port = await listen(server, options.port ?? 0);
  return { url: `http://127.0.0.1:${port}`, stop: () => close(server) };
}

/** SES v2's JSON errors: the type in `x-amzn-ErrorType`, as the SDK reads it. */
function fail(res: ServerResponse, status: number, type: string, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': type });
  res.end(JSON.stringify({ message }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `code` parameter of the first link in `text` that has one, else ''. */
function linkCode(text: string): string {
  for (const [link] of text.matchAll(/https?:\/\/\S+/g)) {
    const code = URL.canParse(link) ? new URL(link).searchParams.get('code') : null;
    if (code) return code;
  }
  return '';
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Why the request's SigV4 signature does not hold for the local credentials and service `ses`
 * (recomputed from the method, path, signed headers and body), or undefined when it does.
 */
function signatureProblem(req: IncomingMessage, body: string, at: number): string | undefined {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,\s]+), ?SignedHeaders=([^,\s]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
  if (!match) return 'Missing or malformed SigV4 Authorization header';
  const [, credential = '', signedHeaders = '', signature = ''] = match;
  const [accessKeyId, day, region, service, terminator] = credential.split('/');
  if (accessKeyId !== LOCAL_SES_CREDENTIALS.accessKeyId)
    return 'The security token included in the request is invalid';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!day || !region || service !== 'ses' || terminator !== 'aws4_request' || !amzDate.startsWith(day)) {
    return 'Credential should be scoped to a valid region and service ses';
  }
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!Number.isFinite(signedAt) || Math.abs(at - signedAt) > MAX_SKEW_MS) return 'Signature expired';
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'The host header must be signed';
  const header = (name: string) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonicalRequest = [
    'POST',
    SEND_EMAIL_PATH,
    '',
    names.map((name) => `${name}:${header(name)}\n`).join(''),
    signedHeaders,
    sha256(body),
  ].join('\n');
  const scope = `${day}/${region}/ses/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = [day, region, 'ses', 'aws4_request'].reduce<Buffer | string>(
    (signingKey, part) => hmac(signingKey, part),
    `AWS4${LOCAL_SES_CREDENTIALS.secretAccessKey}`,
  );
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? undefined
    : 'The request signature we calculated does not match the signature you provided';
}
