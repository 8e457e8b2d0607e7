import type { StreamCompletionResult, StreamEvent, StreamQuery } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { userMessageRecord } from '../conversations/conversation-service.js';
import type { MessageRecord, MessageRepository } from '../conversations/message.js';
import { DomainError, NotFoundError } from '../errors.js';
import type { ModelMessage } from '../models/model-provider.js';
import type { ModelResolver, ToolSet, ToolSource, UsageRecorder } from './ports.js';
import { createReplySaver } from './reply-saver.js';
import { runToolLoop, type ToolLoopState } from './tool-loop.js';

export const STREAM_STOPPED_MARK = '[Streaming stopped]';
export const SAVE_INTERVAL_MS = 1_000;
export const STOP_POLL_INTERVAL_MS = 1_000;
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

export interface ChatServiceDeps {
  conversations: ConversationService;
  messages: MessageRepository;
  models: ModelResolver;
  tools?: ToolSource;
  usage: UsageRecorder;
  newId: () => string;
  now: () => number;
}

type Emit = (event: StreamEvent) => void;

const errorMessageOf = (error: unknown) =>
  error instanceof DomainError ? error.message : 'The reply could not be generated. Please try again.';

/** Earlier turns as the model sees them: errors and empty replies are left out. */
function toModelMessages(history: MessageRecord[]): ModelMessage[] {
  return history
    .filter((message) => !message.isError && message.content.trim() !== '')
    .map((message) => ({ role: message.role, content: message.content }));
}

/** Generates a streamed assistant reply in one of the caller's conversations. */
export function createChatService(deps: ChatServiceDeps) {
  const { conversations, messages, now } = deps;

  return {
    /**
     * Checks the conversation is the caller's, saves the triggering user message if any and
     * creates the reply message; throws (NotFoundError) before anything is streamed. `run` then
     * streams the reply through `emit`; every failure there is an `error` event and an error message.
     */
    async start(
      caller: Caller,
      query: StreamQuery,
    ): Promise<{ messageId: string; run: (emit: Emit) => Promise<void> }> {
      // Everything before the model call is the time to first token: the credentials are resolved
      // and the history read alongside the ownership check (and dropped unless it passes).
      const model = deps.models.resolve(caller.userId, query.provider, query.model);
      model.catch(() => undefined); // awaited (and reported) by the stream
      const listing = messages.listAll(query.conversationId);
      listing.catch(() => undefined);
      const conversation = await conversations.owned(caller, query.conversationId);
      const conversationId = conversation.conversationId;
      const trigger = query.triggerContent?.trim()
        ? userMessageRecord(
            caller,
            { ...query, conversationId, content: query.triggerContent },
            deps.newId(),
            now(),
          )
        : undefined;
      const reply: MessageRecord = {
        conversationId,
        messageId: deps.newId(),
        userId: caller.userId,
        role: 'assistant',
        content: '',
        status: 'streaming',
        provider: query.provider,
        model: query.model,
        timestamp: now(),
      };
      const history = await listing;
      if (trigger) history.push(trigger);
      // Saved while the model is called (see streamReply).
      const persisted = Promise.all([trigger ? messages.create(trigger) : undefined, messages.create(reply)]);
      persisted.catch(() => undefined);
      const serverId = query.mcpServerId ?? conversation.mcpServerId;
      return {
        messageId: reply.messageId,
        run: (emit) =>
          streamReply({
            caller,
            query,
            history,
            reply,
            serverId,
            model,
            persisted: persisted.then(() => undefined),
            emit,
          }),
      };
    },
  };

  async function streamReply({
    caller,
    query,
    history,
    reply,
    serverId: requestedServer,
    model: resolving,
    persisted,
    emit,
  }: {
    caller: Caller;
    query: StreamQuery;
    history: MessageRecord[];
    reply: MessageRecord;
    serverId: string | undefined;
    model: ReturnType<ModelResolver['resolve']>;
    persisted: Promise<void>;
    emit: Emit;
  }): Promise<void> {
    emit({ type: 'status', status: 'streaming', messageId: reply.messageId });
    let serverId = requestedServer;

    const abort = new AbortController();
    const stopPoll = setInterval(() => {
      messages
        .get(reply.conversationId, reply.messageId)
        .then((current) => current?.stopRequested && abort.abort('stopped'))
        .catch(() => undefined);
    }, STOP_POLL_INTERVAL_MS);
    // The reply is created while the model is called: every update waits for that (an update
    // before it would create a partial item).
    const saver = createReplySaver<ToolLoopState>(async (state) => {
      await persisted;
      await messages.update(reply.conversationId, reply.messageId, {
        content: state.content,
        toolCalls: state.toolCalls,
      });
    }, SAVE_INTERVAL_MS);
    let touched: Promise<void> = Promise.resolve();
    let detachServer = false;
    let state: ToolLoopState = { content: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 } };

    try {
      const { provider, model } = await resolving;
      let tools: ToolSet | undefined;
      if (serverId && deps.tools) {
        try {
          tools = await deps.tools.forServer(caller, serverId, (status) =>
            emit({ type: 'status', status, messageId: reply.messageId }),
          );
        } catch (error) {
          // The conversation's server was deleted since: chat on without tools, and forget it.
          if (!(error instanceof NotFoundError) || query.mcpServerId) throw error;
          serverId = undefined;
          detachServer = true;
        }
      }
      touched = conversations.touch(caller, reply.conversationId, {
        lastProvider: query.provider,
        lastModel: query.model,
        ...(serverId ? { mcpServerId: serverId } : detachServer ? { mcpServerId: null } : {}),
      });
      touched.catch(() => undefined); // awaited (and so reported) when the stream ends
      state = await runToolLoop({
        provider,
        providerLabel: query.provider,
        model,
        messages: toModelMessages(history),
        ...(tools ? { tools } : {}),
        maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
        signal: abort.signal,
        emit,
        onProgress: (progress) => {
          state = progress;
          saver.schedule(progress);
        },
      });
      await saver.flush();
      await persisted;
      const usedServer = tools && state.toolCalls.length > 0 ? tools.serverId : undefined;
      await messages.update(reply.conversationId, reply.messageId, {
        content: state.content,
        toolCalls: state.toolCalls,
        status: 'complete',
        ...(usedServer ? { mcpUsedId: usedServer } : {}),
      });
      const end: StreamCompletionResult = {
        status: 'completed',
        messageId: reply.messageId,
        provider: query.provider,
        model: query.model,
        timestamp: reply.timestamp,
        toolCallsCount: state.toolCalls.length,
        ...(usedServer ? { mcpUsedId: usedServer } : {}),
      };
      emit({ type: 'end', ...end });
    } catch (error) {
      // Without the reply saved there is nothing to mark: an update would create a partial item.
      if (
        !(await persisted.then(
          () => true,
          () => false,
        ))
      ) {
        emit({ type: 'error', message: errorMessageOf(error) });
        throw error;
      }
      await saver.flush().catch(() => undefined);
      if (abort.signal.aborted) {
        const content = state.content ? `${state.content}\n\n${STREAM_STOPPED_MARK}` : STREAM_STOPPED_MARK;
        await messages.update(reply.conversationId, reply.messageId, {
          content,
          toolCalls: state.toolCalls,
          status: 'stopped',
        });
        emit({ type: 'status', status: 'stopped', messageId: reply.messageId });
      } else {
        const message = errorMessageOf(error);
        const content = `${state.content ? `${state.content}\n\n` : ''}**Error:** ${message}`;
        await messages.update(reply.conversationId, reply.messageId, {
          content,
          toolCalls: state.toolCalls,
          status: 'error',
          isError: true,
        });
        emit({ type: 'error', message });
        if (!(error instanceof DomainError)) throw error;
      }
    } finally {
      clearInterval(stopPoll);
      if (state.usage.inputTokens || state.usage.outputTokens) {
        await deps.usage.recordTokens(caller.userId, reply.timestamp, state.usage);
      }
      await touched;
    }
  }
}
export type ChatService = ReturnType<typeof createChatService>;
