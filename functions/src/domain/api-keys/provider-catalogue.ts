import type { Provider } from '@agentforge/shared';
import { PROVIDER_DISPLAY_NAMES } from '@agentforge/shared';
import { ProviderError } from '../models/model-provider.js';
import type { SecretCipher } from '../secret-cipher.js';
import type { ApiKeyRepository, StoredApiKey } from './api-key.js';
import type { ProviderCache } from './provider-cache.js';
import { withProviderTimeout } from './provider-calls.js';
import { customProviderId, KEYED_PROVIDERS, type ProviderFactory } from './provider-credentials.js';
import { currentKeyOf, decryptCredentials } from './stored-credentials.js';

export interface ProviderCatalogueDeps {
  keys: ApiKeyRepository;
  cipher: SecretCipher;
  providerFactory: ProviderFactory;
  platformProviders: () => Promise<readonly Provider[]>;
  listModelsTimeoutMs: number;
  /** Told of each provider left out and why (never with credentials). */
  onProviderFailure: (providerId: string, error: unknown) => void;
  /** Lists built lately, reused while the user's key set is the same (provider-cache.ts). */
  cache?: ProviderCache;
}

/**
 * The providers a user can chat with now, each with the models it offers: for each keyed
 * provider the user's own key (its models from the provider) or else the platform's Bedrock
 * entry of that id; then the platform's other entries; then each Custom endpoint as
 * `custom:<keyId>`. A provider whose model list fails or times out is listed without models and
 * with the reason, so the user sees the key or endpoint to fix rather than losing it silently.
 */
export async function listAvailableProviders(
  deps: ProviderCatalogueDeps,
  userId: string,
): Promise<Provider[]> {
  const [records, platformProviders] = await Promise.all([deps.keys.list(userId), platformOffer(deps)]);
  const cached = deps.cache?.get(userId, records);
  if (cached) return cached;
  const platform = new Map(platformProviders.map((provider) => [provider.id, provider]));

  const entries: Promise<Provider | undefined>[] = [];
  for (const id of KEYED_PROVIDERS) {
    const own = currentKeyOf(records, id);
    if (own) entries.push(withModels(deps, own, { id, name: PROVIDER_DISPLAY_NAMES[id] }));
    else if (platform.has(id)) entries.push(Promise.resolve(platform.get(id)));
  }
  for (const provider of platformProviders) {
    if (!(KEYED_PROVIDERS as readonly string[]).includes(provider.id))
      entries.push(Promise.resolve(provider));
  }
  for (const record of records.filter((r) => r.provider === 'custom')) {
    entries.push(
      withModels(deps, record, {
        id: customProviderId(record.keyId),
        name: record.label || record.baseUrl || 'Custom',
      }),
    );
  }

  const providers = (await Promise.all(entries)).filter(
    (provider): provider is Provider => provider !== undefined,
  );
  deps.cache?.set(userId, records, providers);
  return providers;
}

/** The platform's models; when Bedrock cannot be listed, none (the user's own keys still are). */
async function platformOffer(deps: ProviderCatalogueDeps): Promise<readonly Provider[]> {
  try {
    return await deps.platformProviders();
  } catch (error) {
    deps.onProviderFailure('bedrock', error);
    return [];
  }
}

/** Not a provider's own words (those are kept): anything else that broke the listing. */
export const MODELS_UNAVAILABLE = 'Its models could not be listed';

/** The entry with the models the provider lists for this key, or without models and why not. */
async function withModels(
  deps: ProviderCatalogueDeps,
  record: StoredApiKey,
  entry: Omit<Provider, 'models'>,
): Promise<Provider> {
  try {
    const provider = deps.providerFactory(await decryptCredentials(deps.cipher, record));
    const models = await withProviderTimeout(provider.listModels(), deps.listModelsTimeoutMs);
    return { ...entry, models: models.map(({ id, name }) => ({ id, name })) };
  } catch (error) {
    deps.onProviderFailure(entry.id, error);
    return {
      ...entry,
      models: [],
      error: error instanceof ProviderError ? error.message : MODELS_UNAVAILABLE,
    };
  }
}
