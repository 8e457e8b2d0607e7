import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSesMailer } from './ses-mailer.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server answering as SES v2's SendEmail does (or with its MessageRejected error). */
async function sesServer(reject = false) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (reject) {
        res.writeHead(400, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': 'MessageRejected' });
        res.end(JSON.stringify({ message: 'Email address is not verified.' }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ MessageId: 'message-1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

beforeEach(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret-example');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the SES mailer', () => {
  it('sends SES v2 SendEmail from the stage address, signed for ses', async () => {
    const ses = await sesServer();
    try {
      await createSesMailer({
        region: 'us-east-1',
        from: 'no-reply@app.example',
        endpoint: ses.endpoint,
      }).send({
        to: 'ada@example.com',
        subject: 'Hello',
        text: 'Welcome',
        kind: 'team-invitation',
        code: 'not-sent-as-such',
      });
      expect(ses.received).toHaveLength(1);
      const [request] = ses.received as [Received];
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/v2/email/outbound-emails');
      expect(JSON.parse(request.body)).toEqual({
        FromEmailAddress: 'no-reply@app.example',
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Welcome' } } } },
        EmailTags: [{ Name: 'kind', Value: 'team-invitation' }],
      });
      expect(request.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/ses\/aws4_request, /,
      );
    } finally {
      ses.close();
    }
  });

  it('fails with what SES said', async () => {
    const ses = await sesServer(true);
    try {
      await expect(
        createSesMailer({ region: 'us-east-1', from: 'no-reply@app.example', endpoint: ses.endpoint }).send({
          to: 'a@b.c',
          subject: 's',
          text: 't',
        }),
      ).rejects.toThrow('Email address is not verified.');
    } finally {
      ses.close();
    }
  });
});
