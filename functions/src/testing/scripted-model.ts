import type { ModelProvider, ModelRequest, ModelStreamEvent } from '../domain/models/model-provider.js';

/**
 * A ModelProvider fake for domain tests: each call to `stream` plays the next scripted turn.
 * (Adapters are tested against the model server over HTTP, not with this.)
 */
export function scriptedModel(turns: ((request: ModelRequest) => AsyncIterable<ModelStreamEvent>)[]) {
  const requests: ModelRequest[] = [];
  const provider: ModelProvider = {
    id: 'custom',
    stream(request) {
      requests.push(structuredClone({ ...request, signal: undefined }));
      const turn = turns[requests.length - 1];
      if (!turn) throw new Error('No scripted turn left');
      return turn(request);
    },
    listModels: async () => [],
    validate: async () => undefined,
  };
  return { provider, requests };
}

export async function* textTurn(...chunks: string[]): AsyncIterable<ModelStreamEvent> {
  for (const text of chunks) yield { type: 'text-delta', text };
  yield { type: 'finish', reason: 'stop', usage: { inputTokens: 10, outputTokens: chunks.length } };
}
