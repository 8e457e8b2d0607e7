import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
});
afterAll(() => stack?.stop());

/** A raw request (fetch normalises paths and refuses some headers). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const url = new URL(stack.apiUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: url.port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local API with hostile requests', () => {
  it('answers an undecodable path with 400 and a message, not 500', async () => {
    const { idToken } = await signUpAndSignIn();
    for (const path of ['/api/conversations/%00%ff', '/api/conversations/%E0%A4%A', '/api/mcp-servers/%']) {
      const response = await raw(path, { Authorization: `Bearer ${idToken}` });
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    }
  });

  it('says METHOD_NOT_ALLOWED for a 405', async () => {
    const response = await raw('/api/user', {}, 'PATCH');
    expect(response.status).toBe(405);
    expect(JSON.parse(response.body)).toEqual({ code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' });
  });

  it('answers an over-long URL with a JSON 431', async () => {
    const response = await raw(`/api/conversations?x=${'a'.repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
  });

  it('refuses URLs over 8,192 bytes with 414 and query strings over 2,048 bytes with 403, as CloudFront and the WAF do', async () => {
    const { idToken } = await signUpAndSignIn();
    const auth = { Authorization: `Bearer ${idToken}` };
    const stream = '/api/messages/generate-stream';
    for (const path of ['/api/conversations', stream]) {
      const longUrl = await raw(`${path}/${'a'.repeat(8_200)}`, auth);
      expect(longUrl.status, path).toBe(414);
      expect(JSON.parse(longUrl.body)).toMatchObject({ code: 'URI_TOO_LONG' });
      const query = `x=${'a'.repeat(2_047)}`;
      const longQuery = await raw(`${path}?${query}`, auth);
      expect(longQuery.status, path).toBe(403);
      expect(JSON.parse(longQuery.body)).toMatchObject({ code: 'FORBIDDEN' });
      // 2,048 bytes exactly reach the route.
      expect((await raw(`${path}?${query.slice(1)}`, auth)).status, path).not.toBe(403);
    }
  });

  it("refuses a body over Lambda's 6 MB request limit with 413 before the function runs, as AWS does", async () => {
    const { idToken } = await signUpAndSignIn();
    const api = apiAs(stack.apiUrl, idToken);
    const post = (bytes: number) =>
      api.post('/conversations', {
        title: 'Big import',
        createdAt: 1,
        updatedAt: 1,
        padding: 'a'.repeat(bytes),
      });
    // Under API Gateway's 10 MB but over Lambda's 6,291,456 bytes once in the event: Lambda refuses it.
    const tooLarge = await post(6_300_000);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request too large' });
    // Under it, the function runs, and refuses a body over its own 1 MB itself.
    const overTheFunctions = await post(2_000_000);
    expect(overTheFunctions.status).toBe(413);
    expect(overTheFunctions.body.message).toBe('Request body is larger than 1048576 bytes');
  });

  it('shows the outbox only to this machine by its loopback name (not to a rebound DNS name)', async () => {
    expect((await raw('/outbox.json', { Host: 'localhost' })).status).toBe(200);
    for (const host of ['attacker.example', 'attacker.example:3000']) {
      expect((await raw('/outbox.json', { Host: host })).status).toBe(404);
      expect((await raw('/outbox', { Host: host })).status).toBe(404);
    }
  });

  // Another address of this machine stands in for a client on the network: Linux lets it reach 127.0.0.1.
  const otherAddress = Object.values(networkInterfaces())
    .flat()
    .find((nic) => nic && !nic.internal && nic.family === 'IPv4')?.address;
  it.skipIf(!otherAddress)('refuses the outbox to a client whose address is not loopback', async () => {
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: new URL(stack.apiUrl).port,
            path,
            localAddress: otherAddress,
            headers: { Host: 'localhost' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await status('/healthz')).toBe(200); // the address does reach the API
    expect(await status('/outbox.json')).toBe(404);
    expect(await status('/outbox')).toBe(404);
  });

  it('sets the viewer address itself, as CloudFront does: a client-sent one never reaches the audit log', async () => {
    const { idToken } = await signUpAndSignIn();
    const api = apiAs(stack.apiUrl, idToken, {
      'CloudFront-Viewer-Address': '203.0.113.9:4242',
      'CloudFront-Viewer-Country': 'ZZ',
    });
    const created = await api.post('/api-keys', {
      provider: 'openai',
      apiKey: 'sk-test-000000000000000000000000',
    });
    expect(created.status).toBe(201);
    const { body } = await api.get('/audit?action=api_key.created');
    const [record] = (body as { records: { sourceIp: string }[] }).records;
    expect(record?.sourceIp).toMatch(/127\.0\.0\.1$/);
  });

  it("keeps the data directory the owner's alone: directories 0700, files 0600", async () => {
    const api = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
    await api.post('/api-keys', { provider: 'openai', apiKey: 'sk-test-000000000000000000000000' });
    const loose: string[] = [];
    async function walk(path: string): Promise<void> {
      const info = await stat(path);
      if ((info.mode & 0o077) !== 0) loose.push(`${path} ${(info.mode & 0o777).toString(8)}`);
      if (info.isDirectory()) for (const entry of await readdir(path)) await walk(join(path, entry));
    }
    await walk(stack.dataDir);
    expect(loose).toEqual([]);
  });
});
