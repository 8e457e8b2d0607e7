import type { LanguageModelV3, LanguageModelV3ProviderTool } from '@ai-sdk/provider';
import type { ModelInfo, ModelProvider, ProviderId } from '../../domain/models/model-provider.js';
import { toCallOptions } from './ai-sdk-prompt.js';
import { toModelEvents } from './ai-sdk-stream.js';
import { toProviderError } from './provider-errors.js';

export interface AiSdkProviderConfig {
  id: ProviderId;
  /** Only used to keep the key out of error messages. */
  apiKey?: string;
  /** Imports the provider package (lazily: it must not weigh on the default Bedrock path). */
  languageModel: (modelId: string) => Promise<LanguageModelV3>;
  listModels: () => Promise<ModelInfo[]>;
  validate: () => Promise<void>;
  /** The provider's own web search tool, for requests with `webSearch`. */
  webSearchTool?: LanguageModelV3ProviderTool;
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
        const model = await config.languageModel(request.model);
        const { stream } = await model.doStream(toCallOptions(request, config.webSearchTool));
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
