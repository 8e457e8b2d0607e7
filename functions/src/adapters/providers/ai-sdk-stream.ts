import type { LanguageModelV3FinishReason, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { FinishReason, ModelStreamEvent } from '../../domain/models/model-provider.js';
import { logger } from '../../logger.js';
import {
  anthropicCitations,
  googleGroundedSources,
  openaiCitations,
  sourceOfPart,
} from './native-web-sources.js';

/**
 * The AI SDK's stream parts as our events: text deltas as they come, one tool call per complete
 * call (the SDK has already joined the input deltas), one `finish` last. A provider's own web
 * search (native-web-sources.ts) adds `source` and `citation` events; its calls ran on the
 * provider's side and are not ours to run. An `error` part is thrown for the caller to map.
 * Stopping the iteration cancels the HTTP response.
 */
export async function* toModelEvents(
  stream: ReadableStream<LanguageModelV3StreamPart>,
): AsyncGenerator<ModelStreamEvent> {
  const reader = stream.getReader();
  let finish: Extract<ModelStreamEvent, { type: 'finish' }> | undefined;
  // Each text part's text so far: OpenAI's citations are character ranges in it.
  const texts = new Map<string, string>();
  try {
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          if (!part.delta) break;
          texts.set(part.id, (texts.get(part.id) ?? '') + part.delta);
          yield { type: 'text-delta', text: part.delta };
          break;
        case 'tool-call':
          if (part.providerExecuted) break;
          yield {
            type: 'tool-call',
            toolCall: { id: part.toolCallId, name: part.toolName, input: parseToolInput(part) },
          };
          break;
        case 'source': {
          const source = sourceOfPart(part);
          if (source) yield { type: 'source', source };
          break;
        }
        case 'text-end': {
          const cited = [
            ...anthropicCitations(part.providerMetadata),
            ...openaiCitations(part.providerMetadata, texts.get(part.id) ?? ''),
          ];
          texts.delete(part.id);
          if (cited.length) yield { type: 'citation', sources: cited };
          break;
        }
        case 'finish':
          for (const source of googleGroundedSources(part.providerMetadata)) yield { type: 'source', source };
          finish = {
            type: 'finish',
            reason: toFinishReason(part.finishReason),
            usage: {
              inputTokens: part.usage.inputTokens.total ?? 0,
              outputTokens: part.usage.outputTokens.total ?? 0,
            },
          };
          break;
        case 'error':
          throw part.error;
      }
    }
  } finally {
    // Early exit (consumer break, error): stop reading so the connection is released.
    await reader.cancel().catch((error: unknown) => logger.debug('Model stream not cancelled', error));
  }
  if (!finish) throw new Error('the response ended early');
  yield finish;
}

function parseToolInput(part: { toolName: string; input: string }): unknown {
  if (!part.input.trim()) return {};
  try {
    return JSON.parse(part.input);
  } catch {
    throw new Error(`malformed input for the tool '${part.toolName}'`);
  }
}

export function toFinishReason(reason: LanguageModelV3FinishReason): FinishReason {
  return reason.unified === 'error' ? 'other' : reason.unified;
}
