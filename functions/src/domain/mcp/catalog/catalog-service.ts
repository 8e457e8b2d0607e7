import type { CatalogEntry } from '@agentforge/shared';
import type { Log } from '../../../logger.js';
import { type CatalogOrigin, mergeCatalogs, parseCatalogEntries } from './catalog-entries.js';

/** A list of server.json entries: the bundled default, an operator's file, a registry. */
export interface CatalogSource {
  origin: CatalogOrigin;
  /** The raw list (validated here); throws when it cannot be read. */
  read(): Promise<unknown>;
}

export interface CatalogService {
  /** The merged catalog, sources in order (a later entry of the same name wins). */
  list(): Promise<CatalogEntry[]>;
}

interface Cached {
  entries: CatalogEntry[];
  readAt: number;
}

/**
 * Each source is read at most once per `ttlMs` (a registry is not hit per request, and has no
 * uptime guarantee); concurrent requests share one read. A source that fails is logged and keeps
 * its last good entries (none before the first) until the next try, a TTL later.
 */
export function createCatalogService(deps: {
  sources: readonly CatalogSource[];
  ttlMs: number;
  now: () => number;
  log: Log;
}): CatalogService {
  const cache = new Map<CatalogSource, Cached>();
  const reading = new Map<CatalogSource, Promise<CatalogEntry[]>>();

  async function readSource(source: CatalogSource): Promise<CatalogEntry[]> {
    const previous = cache.get(source);
    let entries: CatalogEntry[];
    try {
      entries = parseCatalogEntries(await source.read(), source.origin, deps.log);
    } catch (error) {
      deps.log.warn('MCP catalog source could not be read', {
        origin: source.origin,
        reason: error instanceof Error ? error.message : String(error),
      });
      entries = previous?.entries ?? [];
    }
    cache.set(source, { entries, readAt: deps.now() });
    return entries;
  }

  function entriesOf(source: CatalogSource): Promise<CatalogEntry[]> {
    const cached = cache.get(source);
    if (cached && deps.now() - cached.readAt < deps.ttlMs) return Promise.resolve(cached.entries);
    let pending = reading.get(source);
    if (!pending) {
      pending = readSource(source).finally(() => reading.delete(source));
      reading.set(source, pending);
    }
    return pending;
  }

  return {
    list: async () => mergeCatalogs(...(await Promise.all(deps.sources.map(entriesOf)))),
  };
}
