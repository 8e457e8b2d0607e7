import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { ModelProvider } from '../../domain/models/model-provider.js';
import { createAiSdkProvider } from './ai-sdk-provider.js';
import { getJson, withoutTrailingSlash } from './http-json.js';
import { cachedLanguageModel } from './language-model-cache.js';

/**
 * "Custom": any OpenAI-compatible Chat Completions endpoint (Ollama at http://localhost:11434/v1,
 * vLLM, LM Studio, a gateway). The key is optional: local servers usually have none.
 */
export function createCustomProvider(options: {
  baseUrl: string;
  apiKey?: string;
  fetch: typeof fetch;
}): ModelProvider {
  const baseURL = withoutTrailingSlash(options.baseUrl);
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  let models: Promise<(modelId: string) => LanguageModelV3> | undefined;

  const listModels = async () => {
    const ids = modelIds(await getJson(`${baseURL}/models`, headers, options.fetch));
    if (!ids) throw new Error('/models did not answer an OpenAI-style model list');
    return ids.map((id) => ({ id, name: id }));
  };

  return createAiSdkProvider({
    id: 'custom',
    apiKey: options.apiKey,
    languageModel: (modelId) =>
      cachedLanguageModel(
        { provider: 'custom', baseUrl: baseURL, apiKey: options.apiKey, fetch: options.fetch },
        modelId,
        'plain',
        async () => {
          models ??= openAiCompatible().then(({ createOpenAICompatible }) => {
            const provider = createOpenAICompatible({
              name: 'custom',
              baseURL,
              ...(options.apiKey && { apiKey: options.apiKey }),
              fetch: options.fetch,
              // Asks for `stream_options.include_usage`, or the stream has no token counts.
              includeUsage: true,
            });
            return (id: string) => provider.chatModel(id);
          });
          return (await models)(modelId);
        },
      ),
    listModels,
    validate: async () => {
      await listModels();
    },
  });
}

const openAiCompatible = () => import('@ai-sdk/openai-compatible');

/** Starts importing the package a Custom provider's turns use; a failure is the turn's to report. */
export function preloadCustomProvider(): void {
  openAiCompatible().catch(() => undefined);
}

/** `data[].id` of an OpenAI-style model list (checked by hand: zod here would share a chunk with the AI SDK's). */
function modelIds(body: unknown): string[] | undefined {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) return undefined;
  const ids = data.map((model) => (model as { id?: unknown })?.id);
  return ids.every((id): id is string => typeof id === 'string') ? ids : undefined;
}
