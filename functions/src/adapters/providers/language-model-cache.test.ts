import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { cachedLanguageModel } from './language-model-cache.js';

const model = (name: string) => ({ modelId: name }) as unknown as LanguageModelV3;
const fetchA = vi.fn() as unknown as typeof fetch;
const fetchB = vi.fn() as unknown as typeof fetch;
const identity = (apiKey: string, fetch = fetchA) => ({
  provider: 'openai',
  baseUrl: 'https://x/v1',
  apiKey,
  fetch,
});

describe('cachedLanguageModel', () => {
  it('makes a model once per key, model and variant, and again for any other', async () => {
    const make = vi.fn(async () => model('m'));
    const first = cachedLanguageModel(identity('k1'), 'gpt', 'plain', make, 0);
    expect(cachedLanguageModel(identity('k1'), 'gpt', 'plain', make, 1)).toBe(first);
    cachedLanguageModel(identity('k2'), 'gpt', 'plain', make, 2);
    cachedLanguageModel(identity('k1'), 'gpt-2', 'plain', make, 3);
    cachedLanguageModel(identity('k1'), 'gpt', 'search', make, 4);
    cachedLanguageModel(identity('k1', fetchB), 'gpt', 'plain', make, 5);
    expect(make).toHaveBeenCalledTimes(5);
  });

  it('makes it again once unused for five minutes', () => {
    const make = vi.fn(async () => model('m'));
    cachedLanguageModel(identity('ttl'), 'gpt', 'plain', make, 0);
    cachedLanguageModel(identity('ttl'), 'gpt', 'plain', make, 4 * 60_000);
    cachedLanguageModel(identity('ttl'), 'gpt', 'plain', make, 8 * 60_000);
    expect(make).toHaveBeenCalledTimes(1);
    cachedLanguageModel(identity('ttl'), 'gpt', 'plain', make, 14 * 60_000);
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed make', async () => {
    const make = vi.fn().mockRejectedValueOnce(new Error('no package')).mockResolvedValue(model('m'));
    await expect(cachedLanguageModel(identity('fail'), 'gpt', 'plain', make, 0)).rejects.toThrow(
      'no package',
    );
    await expect(cachedLanguageModel(identity('fail'), 'gpt', 'plain', make, 1)).resolves.toEqual(model('m'));
    expect(make).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently used model past its bound', () => {
    const make = vi.fn(async () => model('m'));
    const fetchC = vi.fn() as unknown as typeof fetch;
    cachedLanguageModel(identity('k0', fetchC), 'gpt', 'plain', make, 0);
    for (let i = 1; i < 200; i++) cachedLanguageModel(identity(`k${i}`, fetchC), 'gpt', 'plain', make, i);
    cachedLanguageModel(identity('k0', fetchC), 'gpt', 'plain', make, 300); // used again: now the newest
    cachedLanguageModel(identity('new', fetchC), 'gpt', 'plain', make, 301); // pushes out k1
    expect(make).toHaveBeenCalledTimes(201);
    cachedLanguageModel(identity('k0', fetchC), 'gpt', 'plain', make, 302);
    expect(make).toHaveBeenCalledTimes(201);
    cachedLanguageModel(identity('k1', fetchC), 'gpt', 'plain', make, 303);
    expect(make).toHaveBeenCalledTimes(202);
  });
});
