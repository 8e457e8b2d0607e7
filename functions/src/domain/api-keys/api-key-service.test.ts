import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../errors.js';
import { type ModelProvider, ProviderError } from '../models/model-provider.js';
import type { SecretCipher } from '../secret-cipher.js';
import type { ApiKeyRepository, StoredApiKey } from './api-key.js';
import { createApiKeyService, MAX_CUSTOM_ENDPOINTS } from './api-key-service.js';
import { PROVIDERS_CACHE_TTL_MS } from './provider-cache.js';
import type { ProviderCredentials } from './provider-credentials.js';

function inMemoryKeys(): ApiKeyRepository & { items: Map<string, StoredApiKey> } {
  const items = new Map<string, StoredApiKey>();
  const id = (userId: string, keyId: string) => `${userId}/${keyId}`;
  return {
    items,
    create: async (record) => void items.set(id(record.userId, record.keyId), record),
    get: async (userId, keyId) => items.get(id(userId, keyId)),
    list: async (userId) =>
      [...items.values()].filter((r) => r.userId === userId).sort((a, b) => a.keyId.localeCompare(b.keyId)),
    delete: async (userId, keyId) => items.delete(id(userId, keyId)),
  };
}

/** Reversible, but only with the very context it was encrypted with. */
const fakeCipher: SecretCipher = {
  encrypt: async (plaintext, context) =>
    `enc:${Buffer.from(JSON.stringify([context, plaintext])).toString('base64')}`,
  decrypt: async (ciphertext, context) => {
    const [stored, plaintext] = JSON.parse(Buffer.from(ciphertext.slice(4), 'base64').toString());
    if (JSON.stringify(stored) !== JSON.stringify(context)) throw new Error('wrong context');
    return plaintext;
  },
};

/** Rejects the key `bad-key`; a Custom endpoint at a `down` host never answers. */
function fakeProviders() {
  const built: ProviderCredentials[] = [];
  const factory = (credentials: ProviderCredentials): ModelProvider => {
    built.push(credentials);
    const rejected = 'apiKey' in credentials && credentials.apiKey === 'bad-key';
    const check = async () => {
      if (credentials.provider === 'custom' && credentials.baseUrl.includes('down'))
        await new Promise(() => {});
      if (rejected) throw new ProviderError('auth', 'Invalid API key');
    };
    return {
      id: credentials.provider,
      stream: () => {
        throw new Error('not used');
      },
      validate: check,
      listModels: async () => {
        await check();
        return [{ id: `${credentials.provider}-model`, name: 'Model' }];
      },
    };
  };
  return { built, factory };
}

function setup({ platform = true } = {}) {
  const keys = inMemoryKeys();
  /** The key reads, and which provider's code the service asked for, in order. */
  const reads: string[] = [];
  const { get, list } = keys;
  keys.get = (...args) => {
    reads.push('key read');
    return get(...args);
  };
  keys.list = (...args) => {
    reads.push('key read');
    return list(...args);
  };
  const providers = fakeProviders();
  const failures: string[] = [];
  /** What the service told to connect ahead, and how many keys the cipher had decrypted by then. */
  const preconnected: { target: Pick<StoredApiKey, 'provider' | 'baseUrl'>; decrypted: number }[] = [];
  let decrypts = 0;
  let counter = 0;
  const service = createApiKeyService({
    keys,
    cipher: {
      ...fakeCipher,
      decrypt: (ciphertext, context) => {
        decrypts++;
        return fakeCipher.decrypt(ciphertext, context);
      },
    },
    preconnect: ({ provider, baseUrl }) =>
      preconnected.push({ target: { provider, baseUrl }, decrypted: decrypts }),
    prepare: (provider) => reads.push(`${provider} code`),
    providerFactory: providers.factory,
    platformProviders: async () =>
      platform
        ? [{ id: 'anthropic', name: 'Anthropic', models: [{ id: 'claude-3-haiku-20240307', name: 'Haiku' }] }]
        : [],
    newKeyId: () => `K${String(++counter).padStart(4, '0')}`,
    now: () => 1000 + counter,
    checkEndpoint: async (baseUrl) => {
      if (baseUrl.includes('169.254.169.254')) throw new ValidationError('private endpoint');
    },
    timeouts: { validateMs: 50, listModelsMs: 50 },
    onProviderFailure: (id) => failures.push(id),
  });
  return { service, keys, providers, failures, preconnected, reads };
}

describe('api key service: endpoints the stage may not call', () => {
  it('refuses them on save and on validate, storing nothing', async () => {
    const { service, keys } = setup();
    const body = { provider: 'custom' as const, baseUrl: 'http://169.254.169.254/latest' };
    await expect(service.create('u1', body)).rejects.toThrow(ValidationError);
    expect(keys.items.size).toBe(0);
    await expect(service.validate('u1', body)).rejects.toThrow(ValidationError);
  });
});

describe('api key service: create and list', () => {
  it('stores the key encrypted and shows only its last 4 characters', async () => {
    const { service, keys } = setup();
    const view = await service.create('u1', { provider: 'openai', apiKey: 'sk-secret-9876' });

    expect(view).toEqual({
      id: 'K0001',
      provider: 'openai',
      label: 'OpenAI',
      last4: '9876',
      createdAt: 1001,
    });
    expect(JSON.stringify([...keys.items.values()])).not.toContain('sk-secret');
    expect(await service.list('u1')).toEqual([view]);
    expect(await service.list('u2')).toEqual([]);
  });

  it('replaces the previous key of a keyed provider, but keeps many custom endpoints', async () => {
    const { service } = setup();
    await service.create('u1', { provider: 'openai', apiKey: 'old-key-1111' });
    await service.create('u1', { provider: 'openai', apiKey: 'new-key-2222', label: 'Work' });
    await service.create('u1', { provider: 'custom', baseUrl: 'http://a.local/v1' });
    await service.create('u1', { provider: 'custom', baseUrl: 'http://b.local/v1', apiKey: 'k-3333' });

    expect(
      (await service.list('u1')).map(({ provider, label, last4 }) => ({ provider, label, last4 })),
    ).toEqual([
      { provider: 'openai', label: 'Work', last4: '2222' },
      { provider: 'custom', label: 'http://a.local/v1', last4: '' },
      { provider: 'custom', label: 'http://b.local/v1', last4: '3333' },
    ]);
  });

  it(`refuses more than ${MAX_CUSTOM_ENDPOINTS} custom endpoints`, async () => {
    const { service } = setup();
    for (let i = 0; i < MAX_CUSTOM_ENDPOINTS; i++) {
      await service.create('u1', { provider: 'custom', baseUrl: `http://h${i}.local/v1` });
    }
    await expect(service.create('u1', { provider: 'custom', baseUrl: 'http://x.local/v1' })).rejects.toThrow(
      /At most 10 custom endpoints/,
    );
  });
});

describe('api key service: delete', () => {
  it("deletes the caller's key, and answers 404 for an unknown id or another user's key", async () => {
    const { service } = setup();
    const { id } = await service.create('u1', { provider: 'mistral', apiKey: 'm-key-0000' });

    await expect(service.remove('u2', id)).rejects.toThrow(NotFoundError);
    await expect(service.remove('u1', 'nope')).rejects.toThrow(NotFoundError);
    await service.remove('u1', id);
    expect(await service.list('u1')).toEqual([]);
  });
});

describe('api key service: validate', () => {
  it('answers valid for working credentials and the provider message for rejected ones', async () => {
    const { service } = setup();
    expect(await service.validate('u1', { provider: 'openai', apiKey: 'good-key' })).toEqual({ valid: true });
    expect(await service.validate('u1', { provider: 'openai', apiKey: 'bad-key' })).toEqual({
      valid: false,
      message: 'Invalid API key',
    });
  });

  it('validates a stored key by id with its decrypted key, only for its owner', async () => {
    const { service, providers } = setup();
    const { id } = await service.create('u1', { provider: 'google', apiKey: 'g-key-5555' });

    expect(await service.validate('u1', { keyId: id })).toEqual({ valid: true });
    expect(providers.built.at(-1)).toEqual({ provider: 'google', apiKey: 'g-key-5555' });
    await expect(service.validate('u2', { keyId: id })).rejects.toThrow(NotFoundError);
  });

  it('answers invalid when the provider does not answer in time', async () => {
    const { service } = setup();
    expect(
      await service.validate('u1', { provider: 'custom', baseUrl: 'http://down.local/v1' }),
    ).toMatchObject({
      valid: false,
      message: expect.stringMatching(/did not answer/),
    });
  });
});

describe('api key service: providers', () => {
  it('offers the platform models, the providers with a key and each custom endpoint', async () => {
    const { service } = setup();
    await service.create('u1', { provider: 'openai', apiKey: 'o-key' });
    const custom = await service.create('u1', {
      provider: 'custom',
      baseUrl: 'http://ollama.local/v1',
      label: 'Ollama',
    });

    expect(await service.listProviders('u1')).toEqual([
      { id: 'anthropic', name: 'Anthropic', models: [{ id: 'claude-3-haiku-20240307', name: 'Haiku' }] },
      { id: 'openai', name: 'OpenAI', models: [{ id: 'openai-model', name: 'Model' }] },
      { id: `custom:${custom.id}`, name: 'Ollama', models: [{ id: 'custom-model', name: 'Model' }] },
    ]);
  });

  it("offers nothing of the platform's where the stage has no Bedrock", async () => {
    expect(await setup({ platform: false }).service.listProviders('u1')).toEqual([]);
  });

  it('lists a provider whose models cannot be listed without models and with the reason', async () => {
    const { service, failures } = setup();
    await service.create('u1', { provider: 'mistral', apiKey: 'bad-key' });
    const down = await service.create('u1', { provider: 'custom', baseUrl: 'http://down.local/v1' });

    const providers = await service.listProviders('u1');
    expect(providers.map((p) => p.id)).toEqual(['anthropic', 'mistral', `custom:${down.id}`]);
    expect(providers.slice(1)).toEqual([
      { id: 'mistral', name: 'Mistral', models: [], error: expect.any(String) },
      { id: `custom:${down.id}`, name: 'http://down.local/v1', models: [], error: expect.any(String) },
    ]);
    expect(failures).toEqual(['mistral', `custom:${down.id}`]);
  });

  it("lists the user's own Anthropic key in place of the platform's", async () => {
    const { service } = setup();
    await service.create('u1', { provider: 'anthropic', apiKey: 'a-key' });
    expect(await service.listProviders('u1')).toEqual([
      { id: 'anthropic', name: 'Anthropic', models: [{ id: 'anthropic-model', name: 'Model' }] },
    ]);
  });
});

describe('api key service: platform families without a keyed provider', () => {
  it('lists them after the keyed providers and resolves them to Bedrock', async () => {
    const keys = inMemoryKeys();
    const service = createApiKeyService({
      keys,
      cipher: fakeCipher,
      providerFactory: fakeProviders().factory,
      platformProviders: async () => [
        { id: 'meta', name: 'Meta', models: [{ id: 'llama-3.3-70b-instruct', name: 'Llama' }] },
        { id: 'anthropic', name: 'Anthropic', models: [{ id: 'claude-3-haiku-20240307', name: 'Haiku' }] },
      ],
      newKeyId: () => 'K1',
      checkEndpoint: async () => {},
      now: () => 1,
    });
    expect((await service.listProviders('u1')).map((p) => p.id)).toEqual(['anthropic', 'meta']);
    expect(await service.resolveCredentials('u1', 'meta')).toEqual({ provider: 'bedrock' });
  });
});

describe('api key service: resolveCredentials', () => {
  it("resolves the user's own key, else the platform's Bedrock, else nothing", async () => {
    const { service } = setup();
    expect(await service.resolveCredentials('u1', 'anthropic')).toEqual({ provider: 'bedrock' });
    expect(await service.resolveCredentials('u1', 'openai')).toBeUndefined();
    await service.create('u1', { provider: 'anthropic', apiKey: 'a-key-1' });
    expect(await service.resolveCredentials('u1', 'anthropic')).toEqual({
      provider: 'anthropic',
      apiKey: 'a-key-1',
    });
    expect(await service.resolveCredentials('u2', 'anthropic')).toEqual({ provider: 'bedrock' });
    expect(await service.resolveCredentials('u1', 'acme')).toBeUndefined();
  });

  it('resolves a custom endpoint by its provider id, for its owner only', async () => {
    const { service } = setup();
    const { id } = await service.create('u1', {
      provider: 'custom',
      baseUrl: 'http://x.local/v1',
      apiKey: 'c-key',
    });
    expect(await service.resolveCredentials('u1', `custom:${id}`)).toEqual({
      provider: 'custom',
      baseUrl: 'http://x.local/v1',
      apiKey: 'c-key',
    });
    expect(await service.resolveCredentials('u2', `custom:${id}`)).toBeUndefined();
    expect(await service.resolveCredentials('u1', 'custom:nope')).toBeUndefined();
  });

  it('says where the call will go as soon as a key is read, before decrypting it; not for Bedrock', async () => {
    const { service, preconnected } = setup();
    await service.create('u1', { provider: 'openai', apiKey: 'o-key', baseUrl: 'https://proxy.example/v1' });
    const { id } = await service.create('u1', { provider: 'custom', baseUrl: 'https://x.example/v1' });
    await service.resolveCredentials('u1', 'anthropic'); // the platform's Bedrock
    await service.resolveCredentials('u1', 'openai');
    await service.resolveCredentials('u1', `custom:${id}`);
    expect(preconnected).toEqual([
      { target: { provider: 'openai', baseUrl: 'https://proxy.example/v1' }, decrypted: 0 },
      { target: { provider: 'custom', baseUrl: 'https://x.example/v1' }, decrypted: 1 },
    ]);
  });
});

describe("api key service: a reply's provider code", () => {
  it('is asked for before the key is read: the keyed provider, or Custom for a Custom key; none for another id', async () => {
    const { service, reads } = setup();
    const { id } = await service.create('u1', { provider: 'custom', baseUrl: 'https://x.example/v1' });
    reads.length = 0;
    await service.resolveCredentials('u1', 'openai');
    await service.resolveCredentials('u1', `custom:${id}`);
    await service.resolveCredentials('u1', 'bedrock');
    expect(reads).toEqual(['openai code', 'key read', 'custom code', 'key read']);
  });
});

describe('api key service: the providers list is reused for a short while', () => {
  function cachedSetup(keys = inMemoryKeys(), idPrefix = 'K') {
    const providers = fakeProviders();
    const clock = { now: 0 };
    let counter = 0;
    const service = createApiKeyService({
      keys,
      cipher: fakeCipher,
      providerFactory: providers.factory,
      platformProviders: async () => [],
      newKeyId: () => `${idPrefix}${++counter}`,
      now: () => clock.now,
      checkEndpoint: async () => {},
      timeouts: { validateMs: 50, listModelsMs: 50 },
    });
    return { service, keys, providers, clock };
  }

  it('asks the providers again only after the TTL or when the key set changed', async () => {
    const { service, providers, clock, keys } = cachedSetup();
    await service.create('u1', { provider: 'openai', apiKey: 'o-key' });
    const first = await service.listProviders('u1');
    expect(await service.listProviders('u1')).toEqual(first);
    expect(providers.built).toHaveLength(1);

    clock.now += PROVIDERS_CACHE_TTL_MS;
    await service.listProviders('u1');
    expect(providers.built).toHaveLength(2);

    // Another function instance saves a key: this one's entry no longer matches the key set.
    const other = cachedSetup(keys, 'L');
    await other.service.create('u1', { provider: 'mistral', apiKey: 'm-key' });
    expect((await service.listProviders('u1')).map((p) => p.id)).toEqual(['openai', 'mistral']);
    expect(providers.built).toHaveLength(4);

    const [mistral] = (await service.list('u1')).filter((key) => key.provider === 'mistral');
    await service.remove('u1', mistral?.id ?? '');
    expect((await service.listProviders('u1')).map((p) => p.id)).toEqual(['openai']);
    // Each user has their own entry.
    expect(await service.listProviders('u2')).toEqual([]);
  });

  it('does not keep a list with a failing provider, so its retry asks again', async () => {
    const { service, providers } = cachedSetup();
    await service.create('u1', { provider: 'mistral', apiKey: 'bad-key' });
    await service.listProviders('u1');
    await service.listProviders('u1');
    expect(providers.built).toHaveLength(2);
  });
});
