import type { LanguageModelV3, LanguageModelV3ProviderTool, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { ModelInfo, ModelProvider, ProviderId } from '../../domain/models/model-provider.js';
import { toCallOptions } from './ai-sdk-prompt.js';
import { toModelEvents } from './ai-sdk-stream.js';
import { toProviderError } from './provider-errors.js';

export interface AiSdkProviderConfig {
  id: ProviderId;
  /** Only used to keep the key out of error messages. */
  apiKey?: string;
  /**
   * Imports the provider package (lazily: it must not weigh on the default Bedrock path).
   * `webSearch`: the turn offers the provider's own search (OpenAI's is another API's model).
   */
  languageModel: (modelId: string, webSearch: boolean) => Promise<LanguageModelV3>;
  listModels: () => Promise<ModelInfo[]>;
  validate: () => Promise<void>;
  /** The provider's own web search tool, for requests with `webSearch`. */
  webSearchTool?: LanguageModelV3ProviderTool;
  /** Provider options of the turns that offer it (OpenAI: not stored on its side). */
  webSearchOptions?: SharedV3ProviderOptions;
}

/** A ModelProvider over any AI SDK language model (its `doStream`), with our error mapping. */
export function createAiSdkProvider(config: AiSdkProviderConfig): ModelProvider {
  const context = (model?: string) => ({ provider: config.id, model, apiKey: config.apiKey });
  const guarded =
    <T>(run: () => Promise<T>) =>
    async (): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        throw toProviderError(error, context());
      }
    };

  return {
    id: config.id,
    async *stream(request) {
      try {
        const search = Boolean(request.webSearch && config.webSearchTool);
        const model = await config.languageModel(request.model, search);
        const options = toCallOptions(request, config.webSearchTool);
        if (search && config.webSearchOptions) options.providerOptions = config.webSearchOptions;
        const { stream } = await model.doStream(options);
        yield* toModelEvents(stream);
      } catch (error) {
        // A stop is not a provider failure: the caller gets its own abort reason back.
        if (request.signal?.aborted) throw request.signal.reason;
        throw toProviderError(error, context(request.model));
      }
    },
    listModels: guarded(config.listModels),
    validate: guarded(config.validate),
  };
}
