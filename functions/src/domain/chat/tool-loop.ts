import type { StreamEvent, ToolCall } from '@agentforge/shared';
import { CHAT_MESSAGES, errorMessage } from '@agentforge/shared';
import type { ModelMessage, ModelProvider, ModelToolCall, ModelUsage } from '../models/model-provider.js';
import type { ToolSet } from './ports.js';

/** Rounds of model -> tools -> model before the loop gives up (a model stuck calling tools). */
export const MAX_TOOL_ROUNDS = 8;

export interface ToolLoopInput {
  provider: ModelProvider;
  providerLabel: string;
  model: string;
  system?: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  maxOutputTokens: number;
  temperature?: number | undefined;
  signal: AbortSignal;
  emit: (event: StreamEvent) => void;
  /** Called with the reply so far after every change, for the caller to persist. */
  onProgress: (state: ToolLoopState) => void;
}

export interface ToolLoopState {
  content: string;
  toolCalls: ToolCall[];
  usage: ModelUsage;
  /** The model still wanted tools after MAX_TOOL_ROUNDS rounds. */
  exhausted?: boolean;
}

/** What running one tool call needs. */
type ToolRun = Pick<ToolLoopInput, 'tools' | 'emit' | 'signal' | 'onProgress'>;

const toolErrorText = (name: string, error: string | undefined) =>
  `Error executing tool ${name}: ${error || 'Unknown error'}`;

/**
 * The one tool loop: streams a model turn, runs the tools it asks for, feeds the results back,
 * until the model answers without tools. Emits the stream events as things happen.
 */
export async function runToolLoop(input: ToolLoopInput): Promise<ToolLoopState> {
  const { provider, model, emit, signal } = input;
  const state: ToolLoopState = { content: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 } };
  const messages = [...input.messages];

  for (let round = 1; round <= MAX_TOOL_ROUNDS; round++) {
    emit({ type: 'api_call_started', provider: input.providerLabel, model, iteration: round });
    const requested: ModelToolCall[] = [];
    let text = '';
    for await (const event of provider.stream({
      model,
      ...(input.system ? { system: input.system } : {}),
      messages,
      ...(input.tools?.definitions.length ? { tools: input.tools.definitions } : {}),
      maxOutputTokens: input.maxOutputTokens,
      ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
      signal,
    })) {
      if (event.type === 'text-delta') {
        text += event.text;
        state.content += event.text;
        emit({ type: 'message_delta', chunk: event.text });
        input.onProgress(state);
      } else if (event.type === 'tool-call') {
        requested.push(event.toolCall);
      } else {
        state.usage.inputTokens += event.usage.inputTokens;
        state.usage.outputTokens += event.usage.outputTokens;
        emit({
          type: 'api_call_completed',
          provider: input.providerLabel,
          model,
          iteration: round,
          inputTokens: event.usage.inputTokens,
          outputTokens: event.usage.outputTokens,
          stopReason: event.reason,
        });
      }
    }
    if (requested.length === 0) return state;

    messages.push({ role: 'assistant', content: text, toolCalls: requested });
    for (const call of requested) {
      messages.push(await runTool(call, input, state));
      input.onProgress(state);
    }
  }
  state.exhausted = true;
  return state;
}

/**
 * Calls one tool the model (or a plan step) asked for, emitting its events and recording it in
 * `state.toolCalls`; a failure is a result the model reads, not an exception (unless aborted).
 */
export async function runTool(
  call: ModelToolCall,
  input: ToolRun,
  state: ToolLoopState,
): Promise<ModelMessage & { role: 'tool' }> {
  const { emit } = input;
  const ref = { toolCallId: call.id, name: call.name };
  const record: ToolCall = {
    id: call.id,
    name: call.name,
    status: 'calling',
    input: call.input,
    timestamp: Date.now(),
  };
  state.toolCalls.push(record);
  // Saved while in flight: should the writer die, the call reads as interrupted (reply-lease.ts).
  input.onProgress(state);
  emit({ type: 'tool_use_received', ...ref, input: call.input });

  const known = input.tools?.definitions.some((tool) => tool.name === call.name);
  let result: { content: string; isError: boolean };
  if (!input.tools || !known) {
    result = { content: `Unknown tool: ${call.name}`, isError: true };
  } else {
    emit({ type: 'tool_call', ...ref, input: call.input });
    try {
      // Progress is the tool call's status: shown live, and saved with the reply for other readers.
      result = await input.tools.call(call.name, call.input, input.signal, (progress) => {
        record.progress = progress;
        input.onProgress(state);
        emit({ type: 'tool_call', ...ref, input: call.input, progress });
      });
    } catch (error) {
      if (input.signal.aborted) {
        // Saved with the stopped reply: the call does not read as still running.
        delete record.progress;
        Object.assign(record, {
          status: 'error',
          error: toolErrorText(call.name, CHAT_MESSAGES.toolCallStopped),
        });
        throw error;
      }
      result = { content: errorMessage(error), isError: true };
    }
  }

  delete record.progress;
  if (result.isError) {
    const message = toolErrorText(call.name, result.content);
    Object.assign(record, { status: 'error', error: message });
    emit({ type: 'tool_execution_error', ...ref, error: result.content });
    emit({ type: 'tool_error', ...ref, error: message });
  } else {
    Object.assign(record, { status: 'success', result: result.content });
    emit({ type: 'tool_execution_success', ...ref, result: result.content });
    emit({ type: 'tool_result', ...ref, result: result.content });
  }
  return {
    role: 'tool',
    toolCallId: call.id,
    toolName: call.name,
    content: result.content,
    isError: result.isError,
  };
}
