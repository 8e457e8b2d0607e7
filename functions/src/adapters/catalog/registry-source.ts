import type { CatalogSource } from '../../domain/mcp/catalog/catalog-service.js';
import { serverJsonItems } from './server-list.js';

/** The most of a registry the catalog reads: pages of 100, and bytes in all. */
export const REGISTRY_LIMITS = { pages: 5, pageSize: 100, totalBytes: 2 * 1024 * 1024, timeoutMs: 10_000 };

async function readCapped(response: Response, budget: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > budget) throw new Error(`the registry's answer passes ${REGISTRY_LIMITS.totalBytes} bytes`);
  if (!response.body) throw new Error('the registry answered no body');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > budget) {
      await reader.cancel();
      throw new Error(`the registry's answer passes ${REGISTRY_LIMITS.totalBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A registry speaking the MCP Registry's API (`GET /v0/servers?version=latest&limit=&cursor=`),
 * read page by page through `fetch` (the outbound guard: no private or metadata addresses on
 * AWS, no redirects), within REGISTRY_LIMITS.
 */
export function createRegistrySource(baseUrl: string, fetch: typeof globalThis.fetch): CatalogSource {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    origin: 'registry',
    async read() {
      const servers: unknown[] = [];
      let budget = REGISTRY_LIMITS.totalBytes;
      let cursor: string | undefined;
      for (let page = 0; page < REGISTRY_LIMITS.pages; page++) {
        const query = new URLSearchParams({ version: 'latest', limit: String(REGISTRY_LIMITS.pageSize) });
        if (cursor) query.set('cursor', cursor);
        const response = await fetch(`${base}/v0/servers?${query}`, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(REGISTRY_LIMITS.timeoutMs),
        });
        if (!response.ok) throw new Error(`the registry answered ${response.status}`);
        const text = await readCapped(response, budget);
        budget -= Buffer.byteLength(text);
        const body = JSON.parse(text) as { metadata?: { nextCursor?: unknown } };
        const items = serverJsonItems(body);
        if (!Array.isArray(items)) throw new Error('the registry answered no server list');
        servers.push(...items);
        cursor = typeof body.metadata?.nextCursor === 'string' ? body.metadata.nextCursor : undefined;
        if (!cursor) break;
      }
      return servers;
    },
  };
}
