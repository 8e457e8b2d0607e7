import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { ProviderCredentials } from '../../domain/api-keys/provider-credentials.js';
import type { Embedder } from '../../domain/knowledge/ports.js';
import { withoutTrailingSlash } from '../providers/http-json.js';
import { createAiSdkEmbedder } from './ai-sdk-embedder.js';
import { createBedrockEmbedder } from './bedrock-embedder.js';

export interface EmbedderDeps {
  /** Every provider call goes through the stage's outbound guard (as the chat's). */
  fetch: typeof fetch;
  /** The platform's Bedrock runtime client, made on first use. */
  bedrock: () => Promise<BedrockRuntimeClient>;
}

/** The embedding model used for each provider's key (and its dimension). */
export const EMBEDDING_MODELS = {
  openai: { model: 'text-embedding-3-small', dimension: 1536 },
  // gemini-embedding-001 gives 3072 by default; 768 is one of its recommended sizes.
  google: { model: 'gemini-embedding-001', dimension: 768 },
  mistral: { model: 'mistral-embed', dimension: 1024 },
  bedrock: { model: 'amazon.titan-embed-text-v2:0', dimension: 1024 },
} as const;

const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  mistral: 'https://api.mistral.ai/v1',
} as const;

/**
 * The embedder for one set of credentials (a user's or team's key, or the platform's Bedrock), or
 * undefined where the provider has no embeddings API we use (Anthropic, Custom endpoints).
 */
export function createEmbedder(credentials: ProviderCredentials, deps: EmbedderDeps): Embedder | undefined {
  if (credentials.provider === 'bedrock') return createBedrockEmbedder({ client: deps.bedrock });
  if (credentials.provider === 'custom' || credentials.provider === 'anthropic') return undefined;
  const provider = credentials.provider;
  const { apiKey } = credentials;
  const { model, dimension } = EMBEDDING_MODELS[provider];
  const settings = {
    apiKey,
    baseURL: withoutTrailingSlash(credentials.baseUrl || DEFAULT_BASE_URLS[provider]),
    fetch: deps.fetch,
  };
  const common = { provider, model, dimension, apiKey } as const;
  switch (provider) {
    case 'openai':
      return createAiSdkEmbedder({
        ...common,
        // OpenAI takes at most 300,000 tokens a request: about 4 characters a token, with margin.
        maxCharsPerCall: 600_000,
        load: async () => (await import('@ai-sdk/openai')).createOpenAI(settings).embeddingModel(model),
        providerOptions: () => ({ openai: { dimensions: dimension } }),
      });
    case 'google':
      return createAiSdkEmbedder({
        ...common,
        load: async () =>
          (await import('@ai-sdk/google')).createGoogleGenerativeAI(settings).embeddingModel(model),
        providerOptions: (purpose) => ({
          google: {
            outputDimensionality: dimension,
            taskType: purpose === 'document' ? 'RETRIEVAL_DOCUMENT' : 'RETRIEVAL_QUERY',
          },
        }),
      });
    case 'mistral':
      return createAiSdkEmbedder({
        ...common,
        load: async () => (await import('@ai-sdk/mistral')).createMistral(settings).embeddingModel(model),
      });
  }
}
