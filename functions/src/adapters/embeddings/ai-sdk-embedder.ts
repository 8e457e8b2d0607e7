import type { EmbeddingModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { Embedder } from '../../domain/knowledge/ports.js';
import type { ProviderId } from '../../domain/models/model-provider.js';
import { toProviderError } from '../providers/provider-errors.js';
import { batches, unitVector } from './unit-vector.js';

export interface AiSdkEmbedderConfig {
  provider: ProviderId;
  model: string;
  dimension: number;
  /** Only used to keep the key out of error messages. */
  apiKey?: string;
  /** Loads the provider package's embedding model (lazily, like the chat's). */
  load: () => Promise<EmbeddingModelV3>;
  /** What the provider is told of the texts' purpose and the dimension (Google's taskType). */
  providerOptions?: (purpose: 'document' | 'query') => SharedV3ProviderOptions;
  /** A provider's cap on one request's input besides its count (OpenAI: 300,000 tokens). */
  maxCharsPerCall?: number;
}

/**
 * An Embedder over an AI SDK embedding model (`doEmbed`, as the chat uses `doStream`): batches
 * within the model's `maxEmbeddingsPerCall` and the request size cap, one after another, each
 * vector normalised to unit length; failures as the chat's provider errors (the key sanitised).
 */
export function createAiSdkEmbedder(config: AiSdkEmbedderConfig): Embedder {
  const modelId = `${config.provider}:${config.model}`;
  let model: Promise<EmbeddingModelV3> | undefined;
  return {
    modelId,
    dimension: config.dimension,
    async embed(texts, purpose) {
      if (texts.length === 0) return [];
      try {
        model ??= config.load();
        const embedding = await model;
        const maxItems = (await embedding.maxEmbeddingsPerCall) ?? 100;
        const providerOptions = config.providerOptions?.(purpose);
        const out: Float32Array[] = [];
        for (const batch of batches(texts, maxItems, config.maxCharsPerCall)) {
          const { embeddings } = await embedding.doEmbed({
            values: batch,
            ...(providerOptions ? { providerOptions } : {}),
          });
          if (embeddings.length !== batch.length) {
            throw new Error(`${modelId} returned ${embeddings.length} vectors for ${batch.length} texts`);
          }
          for (const values of embeddings) out.push(unitVector(values, config.dimension, modelId));
        }
        return out;
      } catch (error) {
        throw toProviderError(error, {
          provider: config.provider,
          model: config.model,
          apiKey: config.apiKey,
        });
      }
    },
  };
}
