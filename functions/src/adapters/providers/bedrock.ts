import type { BedrockRuntimeClient, ConverseStreamOutput, StopReason } from '@aws-sdk/client-bedrock-runtime';
import type {
  FinishReason,
  ModelProvider,
  ModelRequest,
  ModelStreamEvent,
  ModelUsage,
} from '../../domain/models/model-provider.js';
import type { BedrockCatalogue } from './bedrock-catalogue.js';
import { toConverseInput } from './bedrock-messages.js';
import { toProviderError } from './provider-errors.js';

const FINISH_REASONS: Partial<Record<StopReason, FinishReason>> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  content_filtered: 'content-filter',
  guardrail_intervened: 'content-filter',
};

/**
 * Bedrock through ConverseStream, on the service's own AWS credentials (the product default). The
 * SDK client is loaded on first use, so functions that only list providers never load it. Models
 * are named as their family names them; the live catalogue gives the id Bedrock is called with
 * (a name it does not know goes as it is, for Bedrock to judge).
 */
export function createBedrockProvider({
  client,
  catalogue,
}: {
  client: () => BedrockRuntimeClient | Promise<BedrockRuntimeClient>;
  catalogue: BedrockCatalogue;
}): ModelProvider {
  async function* stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    try {
      const [{ ConverseStreamCommand }, runtime, entries] = await Promise.all([
        import('@aws-sdk/client-bedrock-runtime'),
        client(),
        catalogue.list(),
      ]);
      const modelId = entries.find((entry) => entry.model === request.model)?.bedrockId ?? request.model;
      const command = new ConverseStreamCommand(toConverseInput({ ...request, model: modelId }));
      const response = await runtime.send(command, { abortSignal: request.signal });
      if (!response.stream) throw new Error('the response had no event stream');
      yield* toModelEvents(response.stream, request.signal);
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      throw toProviderError(error, { provider: 'bedrock', model: request.model });
    }
  }

  /** The catalogue, its failures as a provider's (a rejected credential is `auth`). */
  async function offered() {
    try {
      return await catalogue.list();
    } catch (error) {
      throw toProviderError(error, { provider: 'bedrock' });
    }
  }

  return {
    id: 'bedrock',
    stream,
    listModels: async () => (await offered()).map(({ model, name }) => ({ id: model, name })),
    // A 1-token ConverseStream on the first offered model: the one call that proves what chat needs
    // (credentials, region, bedrock:InvokeModelWithResponseStream, model access). Listing proves
    // none of the invoke permissions. Costs a handful of tokens.
    validate: async () => {
      const [first] = await offered();
      if (!first) throw new Error('Bedrock offers no model the stage allows');
      const probe = stream({
        model: first.model,
        messages: [{ role: 'user', content: 'ping' }],
        maxOutputTokens: 1,
      });
      for await (const _event of probe) {
        // Drained only to surface a failure.
      }
    },
  };
}

/** ConverseStream events as ours: text as it comes, tool uses joined from their input deltas, finish last. */
async function* toModelEvents(
  events: AsyncIterable<ConverseStreamOutput>,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelStreamEvent> {
  const toolUses = new Map<number, { id: string; name: string; input: string }>();
  let reason: FinishReason = 'other';
  let usage: ModelUsage | undefined;

  for await (const event of events) {
    // The SDK's event stream may keep yielding buffered events after an abort.
    signal?.throwIfAborted();
    const exception =
      event.throttlingException ??
      event.serviceUnavailableException ??
      event.internalServerException ??
      event.modelStreamErrorException ??
      event.validationException;
    if (exception) throw exception;
    if (event.contentBlockStart?.start?.toolUse) {
      const { toolUseId = '', name = '' } = event.contentBlockStart.start.toolUse;
      toolUses.set(event.contentBlockStart.contentBlockIndex ?? 0, { id: toolUseId, name, input: '' });
    } else if (event.contentBlockDelta?.delta) {
      const { delta, contentBlockIndex = 0 } = event.contentBlockDelta;
      if (delta.text) yield { type: 'text-delta', text: delta.text };
      const toolUse = toolUses.get(contentBlockIndex);
      if (toolUse && delta.toolUse?.input) toolUse.input += delta.toolUse.input;
    } else if (event.contentBlockStop) {
      const index = event.contentBlockStop.contentBlockIndex ?? 0;
      const toolUse = toolUses.get(index);
      toolUses.delete(index);
      if (toolUse) yield { type: 'tool-call', toolCall: { ...toolUse, input: parseToolInput(toolUse) } };
    } else if (event.messageStop) {
      reason = (event.messageStop.stopReason && FINISH_REASONS[event.messageStop.stopReason]) ?? 'other';
    } else if (event.metadata?.usage) {
      usage = {
        inputTokens: event.metadata.usage.inputTokens ?? 0,
        outputTokens: event.metadata.usage.outputTokens ?? 0,
      };
    }
  }
  if (!usage) throw new Error('the response ended early');
  yield { type: 'finish', reason, usage };
}

function parseToolInput(toolUse: { name: string; input: string }): unknown {
  if (!toolUse.input.trim()) return {};
  try {
    return JSON.parse(toolUse.input);
  } catch {
    throw new Error(`malformed input for the tool '${toolUse.name}'`);
  }
}
