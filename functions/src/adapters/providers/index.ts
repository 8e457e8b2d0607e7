import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { type ModelProvider, ProviderError, type ProviderId } from '../../domain/models/model-provider.js';
import { createBedrockProvider } from './bedrock.js';
import type { BedrockCatalogue } from './bedrock-catalogue.js';
import { createCustomProvider, preloadCustomProvider } from './custom-provider.js';
import { createDirectProvider, directBaseUrl, preloadDirectProvider } from './direct-providers.js';

export interface ModelProviderConfig {
  provider: ProviderId;
  /** The user's key for this provider (decrypted); unused by Bedrock. */
  apiKey?: string;
  /** Overrides the provider's API base URL; required for `custom`. */
  baseUrl?: string;
}

export interface ModelProviderDeps {
  /** Called only when Bedrock streams, so the client is loaded and created once and only if needed. */
  bedrock: () => BedrockRuntimeClient | Promise<BedrockRuntimeClient>;
  /** The platform's live Bedrock models (the ids Bedrock is called with). */
  bedrockCatalogue: BedrockCatalogue;
  /** The fetch of every direct and Custom provider call (the stage's outbound guard). */
  fetch: typeof fetch;
}

/** Where a provider's calls go over the outbound fetch (none for Bedrock, which its SDK calls). */
export function providerBaseUrl(
  config: Pick<ModelProviderConfig, 'provider' | 'baseUrl'>,
): string | undefined {
  if (config.provider === 'bedrock') return undefined;
  if (config.provider === 'custom') return config.baseUrl;
  return directBaseUrl(config.provider, config.baseUrl);
}

/** Starts loading a provider's client code (a reply's, while its key and history are read). */
export function preloadProvider(provider: ProviderId): void {
  if (provider === 'bedrock') return; // the platform's calls wait for their token reservation (a write) anyway
  if (provider === 'custom') preloadCustomProvider();
  else preloadDirectProvider(provider);
}

/** The one factory composition/models.ts wires: a provider's adapter for one user's configuration. */
export function createModelProvider(config: ModelProviderConfig, deps: ModelProviderDeps): ModelProvider {
  switch (config.provider) {
    case 'bedrock':
      return createBedrockProvider({ client: deps.bedrock, catalogue: deps.bedrockCatalogue });
    case 'custom':
      if (!config.baseUrl) {
        throw new ProviderError(
          'bad_request',
          'Set the base URL of your OpenAI-compatible endpoint in Settings.',
        );
      }
      return createCustomProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, fetch: deps.fetch });
    default:
      return createDirectProvider(config.provider, {
        apiKey: config.apiKey,
        baseUrl: config.baseUrl,
        fetch: deps.fetch,
      });
  }
}
