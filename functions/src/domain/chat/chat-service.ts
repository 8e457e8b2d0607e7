import type { StreamCompletionResult, StreamEvent, StreamQuery } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { userMessageRecord } from '../conversations/conversation-service.js';
import type {
  MessageChanges,
  MessageRecord,
  MessageRepository,
  SaveOutcome,
} from '../conversations/message.js';
import { DomainError, NotFoundError } from '../errors.js';
import type { ModelMessage } from '../models/model-provider.js';
import type { ModelResolver, ToolSet, ToolSource, UsageRecorder } from './ports.js';
import { createReplySaver } from './reply-saver.js';
import { isTooLong, storedReply } from './stored-reply.js';
import { runToolLoop, type ToolLoopState } from './tool-loop.js';

export const STREAM_STOPPED_MARK = '[Streaming stopped]';
export const SAVE_INTERVAL_MS = 1_000;
/** While nothing streams (a tool runs), the reply is still saved this often: each save is the stop check. */
export const STOP_CHECK_INTERVAL_MS = 1_000;
const REPLY_NOT_SAVED = 'The reply could not be saved.';
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

type ReplyOutcome =
  | { kind: 'complete' }
  | { kind: 'stopped'; stopAt?: number }
  | { kind: 'too-long' }
  | { kind: 'gone' }
  | { kind: 'error'; error: unknown };

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
    serverId,
    model,
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
    const watch = watchReply(reply, persisted);
    let state: ToolLoopState = { content: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 } };
    let touched: Promise<void> = Promise.resolve();
    let usedServer: string | undefined;
    let failure: unknown;
    try {
      const tools = await toolsFor(caller, query, serverId, reply, emit);
      touched = conversations.touch(caller, reply.conversationId, {
        lastProvider: query.provider,
        lastModel: query.model,
        ...(tools.serverId ? { mcpServerId: tools.serverId } : tools.detach ? { mcpServerId: null } : {}),
      });
      touched.catch(() => undefined); // awaited (and so reported) when the stream ends
      const { provider, model: modelId } = await model;
      state = await runToolLoop({
        provider,
        providerLabel: query.provider,
        model: modelId,
        messages: toModelMessages(history),
        ...(tools.set ? { tools: tools.set } : {}),
        maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
        signal: watch.signal,
        emit,
        onProgress: (progress) => {
          state = progress;
          watch.progress(progress);
        },
      });
      usedServer = tools.set && state.toolCalls.length > 0 ? tools.set.serverId : undefined;
    } catch (error) {
      failure = error;
    }
    try {
      // Without the reply saved there is nothing to mark: an update would create a partial item.
      if (
        !(await persisted.then(
          () => true,
          () => false,
        ))
      ) {
        emit({ type: 'error', message: errorMessageOf(failure) });
        throw failure ?? new Error('The reply could not be created');
      }
      await finishReply(reply, query, state, await watch.outcome(state, failure), usedServer, emit);
    } finally {
      watch.stop();
      if (state.usage.inputTokens || state.usage.outputTokens) {
        await deps.usage.recordTokens(caller.userId, reply.timestamp, state.usage);
      }
      await touched;
    }
  }

  /** The conversation's server's tools; a server deleted since is forgotten (chat on without tools). */
  async function toolsFor(
    caller: Caller,
    query: StreamQuery,
    serverId: string | undefined,
    reply: MessageRecord,
    emit: Emit,
  ): Promise<{ set?: ToolSet; serverId?: string; detach?: boolean }> {
    if (!serverId || !deps.tools) return {};
    try {
      const set = await deps.tools.forServer(caller, serverId, (status) =>
        emit({ type: 'status', status, messageId: reply.messageId }),
      );
      return { set, serverId };
    } catch (error) {
      if (!(error instanceof NotFoundError) || query.mcpServerId) throw error;
      return { detach: true };
    }
  }

  /**
   * Saves the reply as it streams (at most once per SAVE_INTERVAL_MS, and while nothing streams,
   * e.g. during a tool call, still every STOP_CHECK_INTERVAL_MS): each save is conditional, so it is
   * also the check for a stop request or a deleted conversation, and aborts the model when it
   * finds one. A reply grown past what a message can hold is ended too.
   */
  function watchReply(reply: MessageRecord, persisted: Promise<void>) {
    const abort = new AbortController();
    let found: SaveOutcome = { status: 'saved' };
    let latest: ToolLoopState | undefined;
    const saver = createReplySaver<ToolLoopState>(async (state) => {
      await persisted;
      const outcome = await messages.saveProgress(reply.conversationId, reply.messageId, storedReply(state));
      if (outcome.status !== 'saved' && found.status === 'saved') {
        found = outcome;
        abort.abort(outcome.status);
      }
    }, SAVE_INTERVAL_MS);
    const heartbeat = setInterval(() => latest && saver.schedule(latest), STOP_CHECK_INTERVAL_MS);
    return {
      signal: abort.signal,
      progress(state: ToolLoopState) {
        latest = state;
        if (isTooLong(state.content)) abort.abort('too-long');
        else saver.schedule(state);
      },
      stop: () => clearInterval(heartbeat),
      /** How the reply ended; a reply that completes after a stop was requested still counts as stopped. */
      async outcome(state: ToolLoopState, failure: unknown): Promise<ReplyOutcome> {
        clearInterval(heartbeat);
        if (!abort.signal.aborted) {
          latest = state;
          saver.schedule(state);
        }
        await saver.flush().catch((error: unknown) => {
          failure ??= error;
        });
        if (found.status === 'gone') return { kind: 'gone' };
        if (found.status === 'stop-requested') return { kind: 'stopped', stopAt: found.stopAt };
        if (abort.signal.reason === 'too-long') return { kind: 'too-long' };
        return failure === undefined ? { kind: 'complete' } : { kind: 'error', error: failure };
      },
    };
  }

  /** The reply's last write and the stream's last event: `end` or `error`, whatever storage does. */
  async function finishReply(
    reply: MessageRecord,
    query: StreamQuery,
    state: ToolLoopState,
    outcome: ReplyOutcome,
    usedServer: string | undefined,
    emit: Emit,
  ): Promise<void> {
    const { conversationId, messageId } = reply;
    if (outcome.kind === 'gone') {
      emit({ type: 'error', message: 'This conversation was deleted.' });
      return;
    }
    const stored = storedReply(state);
    const written = (changes: MessageChanges) => messages.finish(conversationId, messageId, changes);
    try {
      if (outcome.kind === 'stopped') {
        // Exactly what the user saw, when the stop call said how much that was.
        const seen = outcome.stopAt === undefined ? state.content : state.content.slice(0, outcome.stopAt);
        const content = seen
          ? `${storedReply({ ...state, content: seen }).content}\n\n${STREAM_STOPPED_MARK}`
          : STREAM_STOPPED_MARK;
        await written({ content, toolCalls: stored.toolCalls, status: 'stopped' });
        emit({ type: 'status', status: 'stopped', messageId });
        return;
      }
      if (outcome.kind === 'error') {
        const message = errorMessageOf(outcome.error);
        const content = `${stored.content ? `${stored.content}\n\n` : ''}**Error:** ${message}`;
        await written({ content, toolCalls: stored.toolCalls, status: 'error', isError: true });
        emit({ type: 'error', message });
        if (!(outcome.error instanceof DomainError)) throw outcome.error;
        return;
      }
      await written({ ...stored, status: 'complete', ...(usedServer ? { mcpUsedId: usedServer } : {}) });
    } catch (error) {
      if (outcome.kind === 'error') throw error;
      // The last resort: the message must not stay `streaming`.
      await written({
        content: `**Error:** ${REPLY_NOT_SAVED}`,
        toolCalls: [],
        status: 'error',
        isError: true,
      }).catch(() => undefined);
      emit({ type: 'error', message: REPLY_NOT_SAVED });
      throw error;
    }
    const end: StreamCompletionResult = {
      status: 'completed',
      messageId,
      provider: query.provider,
      model: query.model,
      timestamp: reply.timestamp,
      toolCallsCount: state.toolCalls.length,
      ...(usedServer ? { mcpUsedId: usedServer } : {}),
    };
    emit({ type: 'end', ...end });
  }
}
export type ChatService = ReturnType<typeof createChatService>;
