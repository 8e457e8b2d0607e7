import type { KnowledgeCitation, StreamEvent, ToolCall, ToolsOffered, WebSource } from '@agentforge/shared';
import { CHAT_MESSAGES, errorMessage, TOOL_APPROVAL_MESSAGES } from '@agentforge/shared';
import type {
  ModelMessage,
  ModelProvider,
  ModelToolCall,
  ModelUsage,
  ModelWebSource,
} from '../models/model-provider.js';
import type { ToolSet } from './ports.js';
import type { SourceList } from './source-list.js';

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
  /**
   * A reply that paused for a tool approval, going on after the user's decision: `messages` then
   * end with the paused round's assistant turn and the results it already had.
   */
  resumed?: ResumedRound;
  /** What the reply says before the model's text (a server of several that could not be used). */
  preface?: string;
  /**
   * The provider's own web search, on (web-search.ts's tools are then not offered): the pages it
   * returns are numbered here, and a citation goes after the text it cites as [n].
   */
  nativeSearch?: SourceList;
}

/** Where a paused reply goes on: its state, the paused round and its calls not run yet (the decided one first). */
export interface ResumedRound {
  state: ToolLoopState;
  round: number;
  calls: ModelToolCall[];
  allowed: boolean;
}

/** A reply paused at `call` for the user's approval; `remaining`: the round's calls after it. */
export interface AwaitingApproval {
  serverId: string;
  /** The tool's own name on its server, when the model called it by a namespaced one. */
  serverTool?: string;
  call: ModelToolCall;
  remaining: ModelToolCall[];
  round: number;
}

export interface ToolLoopState {
  content: string;
  toolCalls: ToolCall[];
  usage: ModelUsage;
  /** The model still wanted tools after MAX_TOOL_ROUNDS rounds. */
  exhausted?: boolean;
  /** The reply paused at a call that needs the user's approval (the server's tool policy). */
  awaiting?: AwaitingApproval;
  /** The tools offered to the model (tool-selection.ts), saved with the reply. */
  toolsOffered?: ToolsOffered;
  /** The pages the reply's web search found (web-search.ts), saved with the reply. */
  sources?: WebSource[];
  /** The knowledge passages the reply's `search_knowledge` returned, numbered, saved with the reply. */
  citations?: KnowledgeCitation[];
}

/** What running one tool call needs. */
type ToolRun = Pick<ToolLoopInput, 'tools' | 'emit' | 'signal' | 'onProgress'>;

/** The server a call runs on, saved with it (a chat may use several servers). */
function serverOfCall(tools: ToolSet | undefined, name: string): Pick<ToolCall, 'serverId' | 'serverName'> {
  const server = tools?.serverOf?.(name);
  if (!server) return {};
  return { serverId: server.serverId, ...(server.serverName ? { serverName: server.serverName } : {}) };
}

const toolErrorText = (name: string, error: string | undefined) =>
  `Error executing tool ${name}: ${error || 'Unknown error'}`;

/**
 * The one tool loop: streams a model turn, runs the tools it asks for, feeds the results back,
 * until the model answers without tools. Emits the stream events as things happen. A call whose
 * tool needs approval ends the loop there (`awaiting`); `resumed` goes on from it.
 */
export async function runToolLoop(input: ToolLoopInput): Promise<ToolLoopState> {
  const { provider, model, emit, signal, resumed } = input;
  const state: ToolLoopState = resumed?.state ?? {
    content: '',
    toolCalls: [],
    usage: { inputTokens: 0, outputTokens: 0 },
  };
  const messages = [...input.messages];
  if (input.preface && !resumed) {
    const text = `${input.preface}\n\n`;
    state.content += text;
    emit({ type: 'message_delta', chunk: text });
  }
  if (resumed) {
    const decided = { id: resumed.calls[0]?.id, allowed: resumed.allowed };
    if (await runCalls(resumed.calls, input, state, messages, resumed.round, decided)) return state;
  }

  for (let round = (resumed?.round ?? 0) + 1; round <= MAX_TOOL_ROUNDS; round++) {
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
      ...(input.nativeSearch ? { webSearch: true } : {}),
    })) {
      if (event.type === 'text-delta' || event.type === 'citation') {
        const chunk =
          event.type === 'text-delta' ? event.text : citationMarks(input.nativeSearch, event.sources);
        if (!chunk) continue;
        text += chunk;
        state.content += chunk;
        emit({ type: 'message_delta', chunk });
        input.onProgress(state);
      } else if (event.type === 'source') {
        input.nativeSearch?.numberOf(event.source);
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
    if (await runCalls(requested, input, state, messages, round)) return state;
  }
  state.exhausted = true;
  return state;
}

/** A citation's source numbers, as they go after the text it cites (` [1][3]`). */
function citationMarks(sources: SourceList | undefined, cited: ModelWebSource[]): string {
  const numbers = new Set(cited.flatMap((source) => sources?.numberOf(source) ?? []));
  return numbers.size ? ` ${[...numbers].map((n) => `[${n}]`).join('')}` : '';
}

/**
 * Runs a round's calls in order, their results added to `messages`; true when it paused at one
 * that needs approval (`state.awaiting`). `decided`: the call the user decided on, run or refused.
 */
async function runCalls(
  calls: ModelToolCall[],
  input: ToolLoopInput,
  state: ToolLoopState,
  messages: ModelMessage[],
  round: number,
  decided?: { id: string | undefined; allowed: boolean },
): Promise<boolean> {
  for (const [index, call] of calls.entries()) {
    const isDecided = call.id === decided?.id;
    if (!isDecided && input.tools?.needsApproval?.(call.name)) {
      const server = input.tools.serverOf?.(call.name);
      state.awaiting = {
        serverId: server?.serverId ?? input.tools.serverId,
        ...(server && server.tool !== call.name ? { serverTool: server.tool } : {}),
        call,
        remaining: calls.slice(index + 1),
        round,
      };
      return true;
    }
    messages.push(
      isDecided && !decided.allowed ? refuse(call, input, state) : await runTool(call, input, state),
    );
    input.onProgress(state);
  }
  return false;
}

/** A call the user denied: not run; the model reads the refusal as the tool's error. */
function refuse(call: ModelToolCall, input: ToolRun, state: ToolLoopState): ModelMessage & { role: 'tool' } {
  const { emit } = input;
  const ref = { toolCallId: call.id, name: call.name };
  const error = TOOL_APPROVAL_MESSAGES.denied;
  state.toolCalls.push({
    id: call.id,
    name: call.name,
    ...serverOfCall(input.tools, call.name),
    status: 'error',
    input: call.input,
    error,
    timestamp: Date.now(),
  });
  emit({ type: 'tool_use_received', ...ref, input: call.input, ...serverOfCall(input.tools, call.name) });
  emit({ type: 'tool_error', ...ref, error });
  return { role: 'tool', toolCallId: call.id, toolName: call.name, content: error, isError: true };
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
    ...serverOfCall(input.tools, call.name),
    status: 'calling',
    input: call.input,
    timestamp: Date.now(),
  };
  state.toolCalls.push(record);
  // Saved while in flight: should the writer die, the call reads as interrupted (reply-lease.ts).
  input.onProgress(state);
  emit({ type: 'tool_use_received', ...ref, input: call.input, ...serverOfCall(input.tools, call.name) });

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
