import type { ApiKeyProvider } from '@agentforge/shared';
import type { ModelProvider } from '../models/model-provider.js';

/**
 * What a model provider adapter needs to talk to a provider, decrypted. `bedrock` is the
 * platform's own account (no user key); the others carry the user's key or Custom endpoint.
 */
export type ProviderCredentials =
  | { provider: 'bedrock' }
  | { provider: KeyedProvider; apiKey: string; baseUrl?: string }
  | { provider: 'custom'; baseUrl: string; apiKey?: string };

export type KeyedProvider = Exclude<ApiKeyProvider, 'custom'>;

/** Builds the adapter for a set of credentials (adapters/providers implements it). */
export type ProviderFactory = (credentials: ProviderCredentials) => ModelProvider;

/** The id under which a Custom endpoint appears among the providers: `custom:<keyId>`. */
export const CUSTOM_PROVIDER_PREFIX = 'custom:';
export const customProviderId = (keyId: string) => `${CUSTOM_PROVIDER_PREFIX}${keyId}`;

/** The providers that take one key per user, in the order the providers list shows them. */
export const KEYED_PROVIDERS: readonly KeyedProvider[] = ['anthropic', 'openai', 'google', 'mistral'];

export function isKeyedProvider(id: string): id is KeyedProvider {
  return (KEYED_PROVIDERS as readonly string[]).includes(id);
}
