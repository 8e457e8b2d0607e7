import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.js';
import { createServerApiClient } from './server-api-client.js';

const SERVER = {
  id: 'srv-1',
  name: 'Tools',
  status: 'running',
};

let seen: { method?: string; url?: string; headers: IncomingHttpHeaders }[] = [];
const api = createServer((req, res) => {
  seen.push({ method: req.method, url: req.url, headers: req.headers });
  res.setHeader('Content-Type', 'application/json');
  if (req.url?.includes('missing')) {
    res.statusCode = 404;
    res.end(JSON.stringify({ message: 'Server not found' }));
    return;
  }
  res.end(JSON.stringify(SERVER));
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((done) => api.close(() => done())));

describe('the MCP API client', () => {
  it('calls as the user, with the headers it was given (the API key on AWS)', async () => {
    seen = [];
    const client = createServerApiClient(base, { 'x-api-key': 'origin-key-0123456789abcdef' });
    await client.enable({ serverId: 'srv-1', bearer: 'id-token' }).catch(() => undefined);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/mcp-servers/srv-1/enable',
      headers: { authorization: 'Bearer id-token', 'x-api-key': 'origin-key-0123456789abcdef' },
    });
  });

  it('sends no key where it has none, and maps a 404 to NotFoundError', async () => {
    seen = [];
    await expect(
      createServerApiClient(base).get({ serverId: 'missing', bearer: 't' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(seen[0]?.headers['x-api-key']).toBeUndefined();
  });
});
