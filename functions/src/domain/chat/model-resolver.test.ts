import { DEFAULT_MODEL, type Provider } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import type { ProviderCredentials } from '../api-keys/provider-credentials.js';
import type { TokenMeter } from '../limits/token-meter.js';
import type { ModelProvider } from '../models/model-provider.js';
import { createModelResolver } from './model-resolver.js';

/** The platform offers Claude Haiku 4.5 (Bedrock); the user has an OpenAI key. */
const PLATFORM_MODELS = [{ id: 'claude-haiku-4-5-20251001', name: 'Claude Haiku 4.5' }];
const OFFERED: Provider[] = [
  { id: 'anthropic', name: 'Anthropic', models: PLATFORM_MODELS },
  { id: 'openai', name: 'OpenAI', models: [{ id: 'gpt-4o-mini', name: 'GPT-4o mini' }] },
];

function resolverWith(offered: Provider[] = OFFERED, meter?: TokenMeter) {
  const credentials: Record<string, ProviderCredentials> = {
    anthropic: { provider: 'bedrock' },
    openai: { provider: 'openai', apiKey: 'sk-test' },
  };
  return createModelResolver({
    credentials: { resolveCredentials: async (_userId, providerId) => credentials[providerId] },
    createProvider: (creds) =>
      ({
        id: creds.provider,
        listModels: async () => (creds.provider === 'bedrock' ? PLATFORM_MODELS : []),
      }) as unknown as ModelProvider,
    offered: async () => offered,
    ...(meter ? { meter } : {}),
  });
}

describe('model resolver: spec 4 "Provider fallback"', () => {
  it('keeps an offered platform model, and a user key’s model (its provider judges it)', async () => {
    const resolver = resolverWith();
    const platform = await resolver.resolve('u1', 'anthropic', 'claude-haiku-4-5-20251001');
    expect(platform).toMatchObject({ model: 'claude-haiku-4-5-20251001' });
    expect(platform.fellBackTo).toBeUndefined();
    const own = await resolver.resolve('u1', 'openai', 'gpt-5-nano');
    expect(own).toMatchObject({ model: 'gpt-5-nano' });
    expect(own.fellBackTo).toBeUndefined();
  });

  it('a retired platform model (the spec’s default included) falls back to the first offered model', async () => {
    for (const retired of [DEFAULT_MODEL, 'claude-3-5-haiku-20241022']) {
      const resolved = await resolverWith().resolve('u1', 'anthropic', retired);
      expect(resolved.fellBackTo).toEqual({ provider: 'anthropic', model: 'claude-haiku-4-5-20251001' });
      expect(resolved.model).toBe('claude-haiku-4-5-20251001');
      expect(resolved.provider.id).toBe('bedrock');
    }
  });

  it('a provider the user cannot use falls back too, to the spec’s default where it is offered', async () => {
    const offered: Provider[] = [
      OFFERED[1] as Provider,
      { id: 'anthropic', name: 'Anthropic', models: [{ id: DEFAULT_MODEL, name: 'Claude 3 Haiku' }] },
    ];
    const resolved = await resolverWith(offered).resolve('u1', 'mistral', 'mistral-small-latest');
    expect(resolved.fellBackTo).toEqual({ provider: 'anthropic', model: DEFAULT_MODEL });
  });

  it('with nothing offered, says to add a key', async () => {
    await expect(resolverWith([]).resolve('u1', 'mistral', 'm')).rejects.toThrow(
      "No API key is stored for the provider 'mistral'. Add one in Settings.",
    );
  });
});

describe('model resolver: whose calls reserve tokens', () => {
  it('says so for the platform’s models under a meter (they may not be opened before the gate)', async () => {
    const meter = { meter: (_userId: string, provider: ModelProvider) => provider } as TokenMeter;
    const resolver = resolverWith(OFFERED, meter);
    expect((await resolver.resolve('u1', 'anthropic', 'claude-haiku-4-5-20251001')).reservesTokens).toBe(
      true,
    );
    expect((await resolver.resolve('u1', 'openai', 'gpt-4o-mini')).reservesTokens).toBeUndefined();
    expect(
      (await resolverWith().resolve('u1', 'anthropic', 'claude-haiku-4-5-20251001')).reservesTokens,
    ).toBeUndefined();
  });
});
