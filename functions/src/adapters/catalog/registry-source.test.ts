import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../net/guarded-fetch.js';
import { createRegistrySource, REGISTRY_LIMITS } from './registry-source.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A registry on loopback answering `pages` (by cursor) as the MCP Registry's API does. */
async function registry(pages: Record<string, unknown>): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    const page = pages[url.searchParams.get('cursor') ?? ''];
    if (url.pathname !== '/v0/servers' || page === undefined) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(page));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, requests };
}

const item = (name: string, status = 'active') => ({
  server: { name, description: 'A server.' },
  _meta: { 'io.modelcontextprotocol.registry/official': { status, isLatest: true } },
});

describe('createRegistrySource', () => {
  it('pages through /v0/servers by cursor and leaves out entries not active', async () => {
    const { url, requests } = await registry({
      '': {
        servers: [item('com.example/a'), item('com.example/old', 'deprecated')],
        metadata: { nextCursor: 'p2' },
      },
      p2: { servers: [item('com.example/b')], metadata: { count: 1 } },
    });
    const source = createRegistrySource(url, createGuardedFetch({ allowPrivate: true }));
    expect(await source.read()).toEqual([
      { name: 'com.example/a', description: 'A server.' },
      { name: 'com.example/b', description: 'A server.' },
    ]);
    expect(requests).toEqual([
      '/v0/servers?version=latest&limit=100',
      '/v0/servers?version=latest&limit=100&cursor=p2',
    ]);
  });

  it('refuses an answer past the size cap', async () => {
    const big = {
      servers: [{ server: { name: 'com.example/big', description: 'x'.repeat(REGISTRY_LIMITS.totalBytes) } }],
    };
    const { url } = await registry({ '': big });
    const source = createRegistrySource(url, createGuardedFetch({ allowPrivate: true }));
    await expect(source.read()).rejects.toThrow(/passes/);
  });

  it('cannot reach a private address under the AWS policy', async () => {
    const { url, requests } = await registry({ '': { servers: [] } });
    const source = createRegistrySource(url, createGuardedFetch({ allowPrivate: false }));
    await expect(source.read()).rejects.toThrow(/private, loopback or link-local/);
    expect(requests).toEqual([]);
  });
});
