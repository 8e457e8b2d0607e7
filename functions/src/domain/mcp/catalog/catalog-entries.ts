import { type CatalogEntry, catalogEntrySchema, formatIssues } from '@agentforge/shared';
import type { Log } from '../../../logger.js';

/** Where an entry came from, for the log line of one that was skipped. */
export type CatalogOrigin = 'default' | 'operator file' | 'registry';

function nameOf(raw: unknown): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name.slice(0, 200) : '(no name)';
}

/**
 * The valid entries of a list read from a file or a registry. A bad entry is skipped with a
 * logged reason: one publisher's mistake never hides the rest of the catalog.
 */
export function parseCatalogEntries(raw: unknown, origin: CatalogOrigin, log: Log): CatalogEntry[] {
  if (!Array.isArray(raw)) {
    log.warn('MCP catalog skipped: not a list of server.json entries', { origin });
    return [];
  }
  return raw.flatMap((item) => {
    const parsed = catalogEntrySchema.safeParse(item);
    if (parsed.success) return [parsed.data];
    log.warn('MCP catalog entry skipped', {
      origin,
      name: nameOf(item),
      reason: formatIssues(parsed.error.issues),
    });
    return [];
  });
}

/**
 * The catalogs one after the other, one entry per name: a later list's entry replaces an
 * earlier one's in place (an operator's file overrides the default list), new names are appended.
 */
export function mergeCatalogs(...lists: readonly (readonly CatalogEntry[])[]): CatalogEntry[] {
  const byName = new Map<string, CatalogEntry>();
  for (const entry of lists.flat()) byName.set(entry.name, entry);
  return [...byName.values()];
}
