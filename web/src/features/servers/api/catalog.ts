import { type CatalogEntry, catalogResponseSchema } from '@agentforge/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The server reads a registry at most every 10 minutes: the browser need not ask more often. */
const CATALOG_STALE_MS = 10 * 60_000;

/** GET /mcp/catalog: the MCP server catalog (default list, operator's file, registry). */
async function fetchCatalog(signal?: AbortSignal): Promise<CatalogEntry[]> {
  const { entries } = await apiClient.get('/mcp/catalog', {
    schema: catalogResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return entries;
}

export const catalogQuery = () =>
  queryOptions({
    // Not under 'servers': the same for every space, and not refetched with the servers' list.
    queryKey: ['mcp-catalog'] as const,
    queryFn: ({ signal }) => fetchCatalog(signal),
    staleTime: CATALOG_STALE_MS,
  });
