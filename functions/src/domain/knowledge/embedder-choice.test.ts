import { describe, expect, it } from 'vitest';
import type { ProviderCredentials } from '../api-keys/provider-credentials.js';
import { createEmbedderChoice } from './embedder-choice.js';
import type { Embedder } from './ports.js';

const fake = (modelId: string): Embedder => ({ modelId, dimension: 4, embed: async () => [] });
const create = (credentials: ProviderCredentials) =>
  credentials.provider === 'bedrock'
    ? fake('bedrock:amazon.titan-embed-text-v2:0')
    : credentials.provider === 'anthropic' || credentials.provider === 'custom'
      ? undefined
      : fake(`${credentials.provider}:model-of-${credentials.apiKey}`);

/** Keys by `<userId>/<providerId>` (team keys under their team provider id). */
function choice(keys: Record<string, ProviderCredentials>, platform: boolean) {
  return createEmbedderChoice({
    credentials: { resolveCredentials: async (userId, providerId) => keys[`${userId}/${providerId}`] },
    platform,
    create,
  });
}

describe('choosing the embedding model', () => {
  it('takes the owner’s key in order OpenAI, Google, Mistral, else the platform’s model, else none', async () => {
    const keys: Record<string, ProviderCredentials> = {
      'u1/mistral': { provider: 'mistral', apiKey: 'm1' },
      'u1/google': { provider: 'google', apiKey: 'g1' },
      'u2/anthropic': { provider: 'anthropic', apiKey: 'a2' },
      'u1/team:t1:openai': { provider: 'openai', apiKey: 'team' },
    };
    expect((await choice(keys, true).choose('u1'))?.modelId).toBe('google:model-of-g1');
    expect((await choice(keys, true).choose('u1', 't1'))?.modelId).toBe('openai:model-of-team');
    expect((await choice(keys, true).choose('u2'))?.modelId).toBe('bedrock:amazon.titan-embed-text-v2:0');
    expect(await choice(keys, false).choose('u2')).toBeUndefined();
  });

  it('gives a collection’s model back only while the caller can still use it', async () => {
    const keys: Record<string, ProviderCredentials> = { 'u1/openai': { provider: 'openai', apiKey: 'k' } };
    const embedders = choice(keys, true);
    expect((await embedders.byModelId('openai:model-of-k', 'u1'))?.modelId).toBe('openai:model-of-k');
    expect(await embedders.byModelId('openai:model-of-k', 'u2')).toBeUndefined();
    expect(await embedders.byModelId('openai:other-model', 'u1')).toBeUndefined();
    expect((await embedders.byModelId('bedrock:amazon.titan-embed-text-v2:0', 'u2'))?.dimension).toBe(4);
    expect(await choice(keys, false).byModelId('bedrock:amazon.titan-embed-text-v2:0', 'u2')).toBeUndefined();
    expect(await embedders.byModelId('custom:x', 'u1')).toBeUndefined();
  });
});
