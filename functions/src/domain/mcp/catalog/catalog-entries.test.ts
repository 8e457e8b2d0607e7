import { describe, expect, it, vi } from 'vitest';
import type { Log } from '../../../logger.js';
import { mergeCatalogs, parseCatalogEntries } from './catalog-entries.js';
import defaultCatalog from './default-catalog.json' with { type: 'json' };

const log = (): Log => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const entry = (name: string, description = 'A server.') => ({
  name,
  description,
  packages: [{ registryType: 'npm', identifier: 'some-mcp', transport: { type: 'stdio' } }],
});

describe('parseCatalogEntries', () => {
  it('skips a bad entry with a logged reason and keeps the rest', () => {
    const logged = log();
    const entries = parseCatalogEntries(
      [entry('com.example/good'), { name: 'com.example/bad' }, 'junk'],
      'registry',
      logged,
    );
    expect(entries.map((e) => e.name)).toEqual(['com.example/good']);
    expect(logged.warn).toHaveBeenCalledTimes(2);
    expect(logged.warn).toHaveBeenCalledWith(
      'MCP catalog entry skipped',
      expect.objectContaining({ origin: 'registry', name: 'com.example/bad', reason: expect.any(String) }),
    );
  });

  it('gives nothing, logged, for something that is not a list', () => {
    const logged = log();
    expect(parseCatalogEntries({ servers: 'no' }, 'operator file', logged)).toEqual([]);
    expect(logged.warn).toHaveBeenCalledOnce();
  });

  it('reads the whole default catalog: every entry valid', () => {
    const logged = log();
    expect(parseCatalogEntries(defaultCatalog, 'default', logged)).toHaveLength(defaultCatalog.length);
    expect(logged.warn).not.toHaveBeenCalled();
  });
});

describe('mergeCatalogs', () => {
  it('replaces an earlier entry of the same name in place and appends new names', () => {
    const [a, b, c] = ['com.example/a', 'com.example/b', 'com.example/c'].map((name) =>
      parseCatalogEntries([entry(name)], 'default', log()),
    ) as [never[], never[], never[]];
    const operatorB = parseCatalogEntries([entry('com.example/b', 'Overridden.')], 'operator file', log());
    const merged = mergeCatalogs([...a, ...b], [...operatorB, ...c]);
    expect(merged.map((e) => [e.name, e.description])).toEqual([
      ['com.example/a', 'A server.'],
      ['com.example/b', 'Overridden.'],
      ['com.example/c', 'A server.'],
    ]);
  });
});
