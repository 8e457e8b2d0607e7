import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Item = { server: unknown; _meta?: unknown };

/**
 * A small registry speaking the MCP Registry's list API: `GET /v0/servers?limit=&cursor=` answers
 * `{servers: [{server, _meta}], metadata: {nextCursor?, count}}`, the cursor being the next
 * item's index. `servers` may be replaced between requests; `requests` counts them.
 */
export async function startMcpRegistry(initial: Item[]) {
  const state = { servers: initial, requests: 0 };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://registry');
    if (request.method !== 'GET' || url.pathname !== '/v0/servers') return response.writeHead(404).end();
    state.requests += 1;
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), 100);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const page = state.servers.slice(start, start + limit);
    const next = start + limit < state.servers.length ? String(start + limit) : undefined;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        servers: page,
        metadata: { count: page.length, ...(next ? { nextCursor: next } : {}) },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A registry list item, as the official registry wraps a server.json. */
export const registryItem = (server: Record<string, unknown>, status = 'active'): Item => ({
  server,
  _meta: {
    'io.modelcontextprotocol.registry/official': {
      status,
      isLatest: true,
      publishedAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
  },
});
