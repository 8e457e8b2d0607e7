import { describe, expect, it, vi } from 'vitest';
import type { Log } from '../../../logger.js';
import { type CatalogSource, createCatalogService } from './catalog-service.js';

const log = (): Log => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const entry = (name: string) => ({
  name,
  description: 'A server.',
  packages: [{ registryType: 'npm', identifier: 'some-mcp' }],
});

function setup(registry: () => Promise<unknown>) {
  let now = 1_000;
  const read = vi.fn(registry);
  const sources: CatalogSource[] = [
    { origin: 'default', read: async () => [entry('com.example/default')] },
    { origin: 'registry', read },
  ];
  const logged = log();
  const service = createCatalogService({ sources, ttlMs: 60_000, now: () => now, log: logged });
  return { service, read, logged, advance: (ms: number) => (now += ms) };
}

const names = async (service: { list(): Promise<{ name: string }[]> }) =>
  (await service.list()).map((e) => e.name);

describe('the catalog service', () => {
  it('reads a source once per TTL, and concurrent requests share the read', async () => {
    const { service, read, advance } = setup(async () => [entry('com.example/registry')]);
    await Promise.all([service.list(), service.list()]);
    advance(59_999);
    expect(await names(service)).toEqual(['com.example/default', 'com.example/registry']);
    expect(read).toHaveBeenCalledOnce();
    advance(1);
    await service.list();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps a failed source’s last good entries, logged, and tries again a TTL later', async () => {
    const { service, read, logged, advance } = setup(async () => [entry('com.example/registry')]);
    await service.list();
    read.mockRejectedValue(new Error('the registry answered 503'));
    advance(60_000);
    expect(await names(service)).toEqual(['com.example/default', 'com.example/registry']);
    expect(logged.warn).toHaveBeenCalledWith('MCP catalog source could not be read', {
      origin: 'registry',
      reason: 'the registry answered 503',
    });
    await service.list();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('serves the other sources when one fails from the start', async () => {
    const { service } = setup(async () => {
      throw new Error('down');
    });
    expect(await names(service)).toEqual(['com.example/default']);
  });
});
