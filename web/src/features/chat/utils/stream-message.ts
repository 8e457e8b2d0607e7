import {
  CHAT_MESSAGES,
  type Message,
  type StreamCompletionResult,
  type StreamStatus,
  type ToolCall,
} from '@agentforge/shared';

import type { StreamSideEvent as ToolEvent } from '../api/stream-client';

/** Adds text after the message's content, separated by a blank line when there is content. */
const withParagraph = (content: string, text: string) => (content ? `${content}\n\n${text}` : text);

export const appendChunk = (message: Message, chunk: string): Message => ({
  ...message,
  content: message.content + chunk,
});

/**
 * A message as the chat holds it. `errorCode` is the client's alone (the code of the refusal that
 * ended the reply, e.g. PLAN_LIMIT_ERROR_CODE): never sent, and gone once messages are read back.
 */
export type ChatMessage = Message & { errorCode?: string };

/**
 * Spec 4: an error appends '**Error:** {message}' and marks the message as an error, keeping the
 * refusal's code when there is one.
 */
export function markStreamError(message: Message, error: string, code?: string): ChatMessage {
  const marked: ChatMessage = {
    ...message,
    content: withParagraph(message.content, CHAT_MESSAGES.streamError(error)),
    isError: true,
    isLoading: false,
  };
  if (code) marked.errorCode = code;
  return marked;
}

/**
 * Spec 4: stop marks the message with '[Streaming stopped]' (as the server saves it); a tool call
 * still running was cancelled with it, and says so (as the server saves it).
 */
export const markStopped = (message: Message): Message => ({
  ...message,
  content: withParagraph(message.content, CHAT_MESSAGES.streamingStopped),
  isLoading: false,
  ...(message.toolCalls
    ? {
        toolCalls: message.toolCalls.map((call) =>
          call.status === 'calling'
            ? {
                ...call,
                status: 'error' as const,
                error: CHAT_MESSAGES.toolError(call.name, CHAT_MESSAGES.toolCallStopped),
                progress: undefined,
              }
            : call,
        ),
      }
    : {}),
});

/** Spec 4: the end event gives the message the server's id and records provider and model. */
export const completeMessage = (message: Message, result: StreamCompletionResult): Message => ({
  ...message,
  id: result.messageId,
  provider: result.provider,
  model: result.model,
  timestamp: result.timestamp,
  ...(result.mcpUsedId ? { mcpUsedId: result.mcpUsedId } : {}),
  ...(result.toolsOffered ? { toolsOffered: result.toolsOffered } : {}),
  ...(result.sources?.length ? { sources: result.sources } : {}),
  ...(result.citations?.length ? { citations: result.citations } : {}),
  isLoading: false,
});

function upsertToolCall(calls: readonly ToolCall[], id: string, patch: Omit<ToolCall, 'id'>): ToolCall[] {
  const index = calls.findIndex((call) => call.id === id);
  if (index === -1) return [...calls, { id, ...patch }];
  return calls.map((call, i) =>
    i === index ? { ...call, ...patch, input: patch.input ?? call.input } : call,
  );
}

/** A tool or API-call event applied to the streamed message (its tool calls and processing steps). */
export function applyToolEvent(message: Message, event: ToolEvent, now = Date.now()): Message {
  const calls = message.toolCalls ?? [];
  switch (event.type) {
    case 'tool_use_received':
    case 'tool_call':
      return {
        ...message,
        toolCalls: upsertToolCall(calls, event.toolCallId, {
          name: event.name,
          status: 'calling',
          input: event.input,
          // A long call's progress comes as its tool_call again: it keeps the time it started.
          timestamp: calls.find((call) => call.id === event.toolCallId)?.timestamp ?? now,
          ...('progress' in event && event.progress ? { progress: event.progress } : {}),
          ...('serverName' in event && event.serverName
            ? { serverId: event.serverId, serverName: event.serverName }
            : {}),
        }),
      };
    case 'tool_execution_success':
    case 'tool_result':
      return {
        ...message,
        toolCalls: upsertToolCall(calls, event.toolCallId, {
          name: event.name,
          status: 'success',
          result: event.result,
          progress: undefined,
        }),
      };
    case 'tool_execution_error':
    case 'tool_error':
      return {
        ...message,
        toolCalls: upsertToolCall(calls, event.toolCallId, {
          name: event.name,
          status: 'error',
          error: event.error,
          progress: undefined,
        }),
      };
    case 'tool_approval':
      // The reply paused at a call that asks first: its card, until the decision.
      return { ...message, toolApproval: event.approval };
    case 'api_call_started':
    case 'api_call_completed':
      return {
        ...message,
        processingSteps: [
          ...(message.processingSteps ?? []),
          {
            type: event.type,
            timestamp: now,
            status: event.type === 'api_call_started' ? 'started' : 'completed',
            info: `${event.provider} ${event.model}`,
            data: event,
          },
        ],
      };
  }
}

/** The stream status a tool or API-call event moves to. */
export function statusAfter(event: ToolEvent): StreamStatus {
  switch (event.type) {
    case 'tool_use_received':
    case 'tool_call':
      return 'tool_calling';
    case 'tool_execution_success':
    case 'tool_result':
      return 'tool_success';
    case 'tool_execution_error':
    case 'tool_error':
      return 'tool_error';
    case 'tool_approval':
      return 'streaming';
    case 'api_call_started':
      return 'pending_llm';
    case 'api_call_completed':
      return 'streaming';
  }
}
