import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { Embedder } from '../../domain/knowledge/ports.js';
import { toProviderError } from '../providers/provider-errors.js';
import { batches, unitVector } from './unit-vector.js';

/** The platform's embedding models on Bedrock: Titan Text Embeddings V2 (the default) and Cohere Embed v3. */
export type BedrockEmbeddingModel =
  | 'amazon.titan-embed-text-v2:0'
  | 'cohere.embed-english-v3'
  | 'cohere.embed-multilingual-v3';

/** Titan V2 takes one text a call (at most 50,000 characters); so many calls run at once. */
const TITAN_PARALLEL_CALLS = 8;
const TITAN_MAX_CHARS = 50_000;
/** Cohere Embed: at most 96 texts of 2,048 characters a call (longer ones are cut at the end). */
const COHERE_MAX_TEXTS = 96;
const DIMENSION = 1024;

async function invoke(client: BedrockRuntimeClient, modelId: string, body: unknown): Promise<unknown> {
  const { InvokeModelCommand } = await import('@aws-sdk/client-bedrock-runtime');
  const output = await client.send(
    new InvokeModelCommand({
      modelId,
      contentType: 'application/json',
      accept: 'application/json',
      body: new TextEncoder().encode(JSON.stringify(body)),
    }),
  );
  return JSON.parse(new TextDecoder().decode(output.body));
}

/**
 * The platform's embedding model on Bedrock (InvokeModel, on the function's own AWS credentials,
 * like the chat's Converse calls): 1024-dimension unit vectors.
 */
export function createBedrockEmbedder(options: {
  client: () => Promise<BedrockRuntimeClient>;
  model?: BedrockEmbeddingModel;
}): Embedder {
  const model = options.model ?? 'amazon.titan-embed-text-v2:0';
  const modelId = `bedrock:${model}`;
  const titan = model.startsWith('amazon.titan');

  async function titanEmbed(client: BedrockRuntimeClient, texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = new Array(texts.length);
    let next = 0;
    const worker = async () => {
      while (next < texts.length) {
        const at = next++;
        const inputText = (texts[at] as string).slice(0, TITAN_MAX_CHARS);
        const answer = (await invoke(client, model, {
          inputText,
          dimensions: DIMENSION,
          normalize: true,
        })) as {
          embedding?: number[];
        };
        out[at] = unitVector(answer.embedding ?? [], DIMENSION, modelId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(TITAN_PARALLEL_CALLS, texts.length) }, worker));
    return out;
  }

  async function cohereEmbed(
    client: BedrockRuntimeClient,
    texts: readonly string[],
    purpose: 'document' | 'query',
  ): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const batch of batches(texts, COHERE_MAX_TEXTS)) {
      const answer = (await invoke(client, model, {
        texts: batch,
        input_type: purpose === 'document' ? 'search_document' : 'search_query',
        truncate: 'END',
      })) as { embeddings?: number[][] };
      const embeddings = answer.embeddings ?? [];
      if (embeddings.length !== batch.length)
        throw new Error(`${modelId} returned ${embeddings.length} vectors for ${batch.length} texts`);
      for (const values of embeddings) out.push(unitVector(values, DIMENSION, modelId));
    }
    return out;
  }

  return {
    modelId,
    dimension: DIMENSION,
    async embed(texts, purpose) {
      if (texts.length === 0) return [];
      try {
        const client = await options.client();
        return titan ? await titanEmbed(client, texts) : await cohereEmbed(client, texts, purpose);
      } catch (error) {
        throw toProviderError(error, { provider: 'bedrock', model });
      }
    },
  };
}
