/**
 * The direct APIs (Anthropic, OpenAI, Google, Mistral) through their AI SDK provider packages.
 * Each package is imported on first use only, so bundles whose users stay on Bedrock never load it.
 */
import type { LanguageModelV3, LanguageModelV3ProviderTool, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { ModelProvider } from '../../domain/models/model-provider.js';
import { createAiSdkProvider } from './ai-sdk-provider.js';
import { cachedModelList, chatModelsFrom } from './direct-model-lists.js';
import { getJson, withoutTrailingSlash } from './http-json.js';
import { cachedLanguageModel } from './language-model-cache.js';
import { missingKeyError } from './provider-errors.js';

export type DirectProviderId = 'anthropic' | 'openai' | 'google' | 'mistral';

export interface DirectProviderOptions {
  apiKey?: string;
  /** Replaces the API's default base URL (a proxy, a regional endpoint, the test model server). */
  baseUrl?: string;
  /** Every request goes through it (the stage's outbound guard). */
  fetch: typeof fetch;
}

interface ProviderSettings {
  apiKey: string;
  baseURL: string;
  fetch: typeof fetch;
}

interface DirectApi {
  defaultBaseUrl: string;
  /** The models list, one page with every model (Anthropic's default page is 20, Google's 50). */
  modelsPath: string;
  /** The headers of a plain authenticated GET (validate). */
  authHeaders: (apiKey: string) => Record<string, string>;
  /** Imports the API's package (its first turn's load finds it ready). */
  preload: () => Promise<unknown>;
  /** The model for a turn; `webSearch`: the turn offers the API's own search (webSearchTool). */
  load: (settings: ProviderSettings) => Promise<(modelId: string, webSearch: boolean) => LanguageModelV3>;
  /**
   * The API's own web search tool (the AI SDK's provider tool: the value its `tools` factory
   * makes, written out so the package still loads on first use only).
   */
  webSearchTool?: LanguageModelV3ProviderTool;
  /** Provider options of a web search turn. */
  webSearchOptions?: SharedV3ProviderOptions;
}

// Each a chunk of its own in the bundle, imported by a first turn or ahead of it (preloadDirectProvider).
const anthropicSdk = () => import('@ai-sdk/anthropic');
const openAiSdk = () => import('@ai-sdk/openai');
const googleSdk = () => import('@ai-sdk/google');
const mistralSdk = () => import('@ai-sdk/mistral');

const DIRECT_APIS: Record<DirectProviderId, DirectApi> = {
  anthropic: {
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    modelsPath: '/models?limit=1000',
    authHeaders: (apiKey) => ({ 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' }),
    preload: anthropicSdk,
    load: async (settings) => {
      const provider = (await anthropicSdk()).createAnthropic(settings);
      return (modelId) => provider.languageModel(modelId);
    },
    // anthropic.tools.webSearch_20250305({ maxUses: 5 }): the `web_search` server tool.
    webSearchTool: {
      type: 'provider',
      id: 'anthropic.web_search_20250305',
      name: 'web_search',
      args: { maxUses: 5 },
    },
  },
  openai: {
    defaultBaseUrl: 'https://api.openai.com/v1',
    modelsPath: '/models',
    authHeaders: (apiKey) => ({ authorization: `Bearer ${apiKey}` }),
    // Chat Completions (the protocol every OpenAI-compatible server speaks too), except on web
    // search turns: OpenAI's own search is a Responses API tool (docs/decisions/chat.md).
    preload: openAiSdk,
    load: async (settings) => {
      const provider = (await openAiSdk()).createOpenAI(settings);
      return (modelId, webSearch) => (webSearch ? provider.responses(modelId) : provider.chat(modelId));
    },
    // openai.tools.webSearch({}): the Responses API's `web_search` tool.
    webSearchTool: { type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} },
    // The Responses API keeps a response for 30 days unless told not to; Chat Completions does not.
    webSearchOptions: { openai: { store: false } },
  },
  google: {
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    modelsPath: '/models?pageSize=1000',
    authHeaders: (apiKey) => ({ 'x-goog-api-key': apiKey }),
    preload: googleSdk,
    load: async (settings) => {
      const provider = (await googleSdk()).createGoogleGenerativeAI(settings);
      return (modelId) => provider.languageModel(modelId);
    },
    // google.tools.googleSearch({}): grounding with Google Search.
    webSearchTool: { type: 'provider', id: 'google.google_search', name: 'google_search', args: {} },
  },
  mistral: {
    defaultBaseUrl: 'https://api.mistral.ai/v1',
    modelsPath: '/models',
    authHeaders: (apiKey) => ({ authorization: `Bearer ${apiKey}` }),
    preload: mistralSdk,
    load: async (settings) => {
      const provider = (await mistralSdk()).createMistral(settings);
      return (modelId) => provider.languageModel(modelId);
    },
  },
};

/** Starts importing a direct API's package; a failure is left to the turn's own load to report. */
export function preloadDirectProvider(id: DirectProviderId): void {
  DIRECT_APIS[id].preload().catch(() => undefined);
}

/** Where a direct provider's calls go: the key's base URL, else the API's own. */
export function directBaseUrl(id: DirectProviderId, baseUrl: string | undefined): string {
  return withoutTrailingSlash(baseUrl || DIRECT_APIS[id].defaultBaseUrl);
}

export function createDirectProvider(id: DirectProviderId, options: DirectProviderOptions): ModelProvider {
  const api = DIRECT_APIS[id];
  const baseURL = directBaseUrl(id, options.baseUrl);
  const requireKey = () => {
    // Never let the AI SDK fall back to process.env (ANTHROPIC_API_KEY, ...): keys are per user.
    if (!options.apiKey) throw missingKeyError(id);
    return options.apiKey;
  };
  let models: Promise<(modelId: string, webSearch: boolean) => LanguageModelV3> | undefined;

  return createAiSdkProvider({
    id,
    apiKey: options.apiKey,
    ...(api.webSearchTool ? { webSearchTool: api.webSearchTool } : {}),
    ...(api.webSearchOptions ? { webSearchOptions: api.webSearchOptions } : {}),
    languageModel: (modelId, webSearch) => {
      const apiKey = requireKey();
      const identity = { provider: id, baseUrl: baseURL, apiKey, fetch: options.fetch };
      return cachedLanguageModel(identity, modelId, webSearch ? 'search' : 'plain', async () => {
        models ??= api.load({ apiKey, baseURL, fetch: options.fetch });
        return (await models)(modelId, webSearch);
      });
    },
    // The provider's own list for this key (its chat models), cached per key.
    listModels: async () => {
      const apiKey = requireKey();
      return cachedModelList({ provider: id, baseUrl: baseURL, apiKey }, async () =>
        chatModelsFrom(
          id,
          await getJson(`${baseURL}${api.modelsPath}`, api.authHeaders(apiKey), options.fetch),
        ),
      );
    },
    validate: async () => {
      await getJson(`${baseURL}/models`, api.authHeaders(requireKey()), options.fetch);
    },
  });
}
