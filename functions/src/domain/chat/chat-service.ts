import { ATTACHMENT_MESSAGES, CHAT_MESSAGES, type StreamQuery } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { userMessageRecord } from '../conversations/conversation-service.js';
import type { MessageRecord, MessageRepository } from '../conversations/message.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { ModelMessage } from '../models/model-provider.js';
import {
  type AttachmentReader,
  assertImagesAccepted,
  triggerAttachments,
  userTurnContent,
} from './attachment-content.js';
import type { ModelResolver, ToolSet, ToolSource, UsageRecorder } from './ports.js';
import { isInterrupted, newReplyLease, type ReplyLeases } from './reply-lease.js';
import { type Emit, runReply } from './reply-run.js';
import type { ReplySweep } from './reply-sweep.js';
import { runToolLoop } from './tool-loop.js';

export { STREAM_STOPPED_MARK } from './finish-reply.js';
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

export interface ChatServiceDeps {
  conversations: ConversationService;
  messages: MessageRepository;
  models: ModelResolver;
  tools?: ToolSource;
  /** Files sent with messages (issue 17); without it, a stream naming attachments is refused. */
  attachments?: AttachmentReader;
  usage: UsageRecorder;
  /** Where the reply's model calls hold their reservations (reply-lease.ts). */
  leases?: ReplyLeases;
  /** Ends an interrupted reply before a regenerate replaces it (its reservations settled first). */
  interrupted?: Pick<ReplySweep, 'end'>;
  newId: () => string;
  now: () => number;
}

/** What `start` prepared for the stream. */
type PreparedReply = Awaited<ReturnType<typeof startReply>>;

/**
 * Earlier turns as the model sees them: errors and empty replies are left out; user turns with
 * attachments carry their files (see userTurnContent).
 */
async function toModelMessages(
  history: MessageRecord[],
  attachments: AttachmentReader | undefined,
): Promise<ModelMessage[]> {
  const turns = history.filter(
    (message) => !message.isError && message.content.trim() !== '' && !isInterrupted(message, Date.now()),
  );
  const lastUser = turns.findLast((message) => message.role === 'user');
  return Promise.all(
    turns.map(async (message): Promise<ModelMessage> => {
      if (message.role === 'user' && message.attachments?.length && attachments) {
        return { role: 'user', content: await userTurnContent(attachments, message, message === lastUser) };
      }
      return { role: message.role, content: message.content };
    }),
  );
}

/**
 * Checks the conversation is the caller's, saves the triggering user message if any and creates
 * the reply message; throws (NotFoundError) before anything is streamed.
 */
async function startReply(
  deps: ChatServiceDeps,
  caller: Caller,
  query: StreamQuery,
  admitted: Promise<void>,
) {
  const { messages } = deps;
  // Everything before the model call is the time to first token: the credentials are resolved
  // and the history read alongside the ownership check (and dropped unless it passes).
  const owned = deps.conversations.owned(caller, query.conversationId);
  owned.catch(() => undefined); // awaited just below
  // The conversation's space decides whose plan the model calls are on (limits/token-meter).
  const teamSpace = owned.then(
    (conversation) => conversation.teamId,
    () => undefined,
  );
  const model = deps.models.resolve(caller.userId, query.provider, query.model, teamSpace);
  model.catch(() => undefined); // awaited (and reported) by the stream
  const listing = messages.listAll(query.conversationId);
  listing.catch(() => undefined); // awaited just below, once the conversation is known to be the caller's
  const conversation = await owned;
  let history = await listing;
  // Everything above only reads; nothing is written before the access gate has let the caller in.
  await admitted;
  if (query.replaceFrom) {
    history = await replaceFrom(deps, conversation.conversationId, history, query.replaceFrom);
  }
  const { trigger, reply } = newMessages(deps, caller, query, conversation.conversationId);
  const attached = await attachToTrigger(deps, caller, query, trigger, history);
  if (trigger) history.push(trigger);
  assertImagesAccepted(history, query.provider);
  // Saved while the model is called (see streamReply).
  const persisted = Promise.all([
    trigger ? messages.create(trigger) : undefined,
    messages.create(reply),
    attached?.(),
  ]);
  persisted.catch(() => undefined); // awaited (and reported) by the stream
  return {
    caller,
    query,
    history,
    reply,
    serverId: query.mcpServerId ?? conversation.mcpServerId,
    settings: conversation.settings ?? {},
    model,
    persisted: persisted.then(() => undefined),
  };
}

/**
 * Regenerate, or edit and resend: the turns from `messageId` on are deleted (replaced, not kept as
 * a branch: see docs/decisions/chat.md) and the history before it is what the model sees.
 */
async function replaceFrom(
  deps: ChatServiceDeps,
  conversationId: string,
  history: MessageRecord[],
  messageId: string,
): Promise<MessageRecord[]> {
  const at = history.findIndex((message) => message.messageId === messageId);
  if (at < 0) throw new NotFoundError('Message not found');
  const streaming = history.slice(at).filter((message) => message.status === 'streaming');
  const now = deps.now();
  if (streaming.some((message) => !isInterrupted(message, now))) {
    throw new ConflictError(CHAT_MESSAGES.replyInProgress);
  }
  // An interrupted reply (its writer died) is ended first, so what it reserved comes back.
  for (const message of streaming) await deps.interrupted?.end(message);
  await deps.messages.deleteFrom(conversationId, messageId);
  return history.slice(0, at);
}

/**
 * The stream's attachments (checked in storage) go on the message the reply answers: the trigger,
 * else the last message when it is the user's (saved before the stream by POST /messages, so it is
 * updated: the returned write).
 */
async function attachToTrigger(
  deps: ChatServiceDeps,
  caller: Caller,
  query: StreamQuery,
  trigger: MessageRecord | undefined,
  history: MessageRecord[],
): Promise<(() => Promise<void>) | undefined> {
  const attachments = await triggerAttachments(deps.attachments, caller, query, query.conversationId);
  if (attachments.length === 0) return undefined;
  if (trigger) {
    trigger.attachments = attachments;
    return undefined;
  }
  const last = history.at(-1);
  if (last?.role !== 'user') throw new ValidationError(ATTACHMENT_MESSAGES.needsMessage);
  last.attachments = attachments;
  return () => deps.messages.update(last.conversationId, last.messageId, { attachments });
}

/** The triggering user message (if the query carries one) and the empty reply, both to be saved. */
function newMessages(deps: ChatServiceDeps, caller: Caller, query: StreamQuery, conversationId: string) {
  const trigger = query.triggerContent?.trim()
    ? userMessageRecord(
        caller,
        { ...query, conversationId, content: query.triggerContent },
        deps.newId(),
        deps.now(),
      )
    : undefined;
  const messageId = deps.newId();
  const reply: MessageRecord = {
    conversationId,
    messageId,
    userId: caller.userId,
    role: 'assistant',
    content: '',
    status: 'streaming',
    ...newReplyLease(messageId, deps.now()),
    provider: query.provider,
    model: query.model,
    timestamp: deps.now(),
  };
  return { trigger, reply };
}

async function streamReply(deps: ChatServiceDeps, run: PreparedReply, emit: Emit): Promise<void> {
  const { caller, query, reply } = run;
  let touch: ReturnType<typeof lastUsed> | undefined;
  try {
    await runReply(deps, {
      caller,
      reply,
      persisted: run.persisted,
      emit,
      provider: query.provider,
      model: query.model,
      generate: async (signal, onProgress) => {
        const tools = await toolsFor(deps, caller, query, run.serverId, reply, emit);
        // Spec 4 "Provider fallback": a model no longer offered gave way to another, kept as the
        // conversation's (a failed resolution is reported below, by the awaited model).
        const fellBackTo = await run.model.then(
          (resolved) => resolved.fellBackTo,
          () => undefined,
        );
        const used = fellBackTo ?? { provider: query.provider, model: query.model };
        // Written once the model has answered (its first change), or when the generation ends without one.
        touch = lastUsed(deps, caller, reply.conversationId, {
          lastProvider: used.provider,
          lastModel: used.model,
          ...(fellBackTo
            ? { metadata: { defaultProvider: fellBackTo.provider, defaultModel: fellBackTo.model } }
            : {}),
          ...(tools.serverId ? { mcpServerId: tools.serverId } : tools.detach ? { mcpServerId: null } : {}),
        });
        try {
          const { provider, model: modelId } = await run.model;
          const state = await runToolLoop({
            provider,
            providerLabel: used.provider,
            model: modelId,
            ...(run.settings.systemPrompt ? { system: run.settings.systemPrompt } : {}),
            messages: await toModelMessages(run.history, deps.attachments),
            ...(tools.set ? { tools: tools.set } : {}),
            // The plan's maxTokensPerRequest, and the day's room, cap this further (limits/token-meter).
            maxOutputTokens: run.settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
            temperature: run.settings.temperature,
            signal,
            emit,
            onProgress: (progress) => {
              onProgress(progress);
              touch?.record();
            },
          });
          return {
            state,
            usedServer: tools.set && state.toolCalls.length > 0 ? tools.set.serverId : undefined,
          };
        } finally {
          touch?.record();
        }
      },
    });
  } finally {
    await touch?.done();
  }
}

type ConversationTouch = Parameters<ConversationService['touch']>[2];

/**
 * The model (and server) a reply used, recorded on its conversation once (`record`): it does not
 * gate the reply, so it is written after the first delta, not before the model call. `done` waits
 * for it (and reports its failure).
 */
function lastUsed(deps: ChatServiceDeps, caller: Caller, conversationId: string, changes: ConversationTouch) {
  let written: Promise<void> | undefined;
  return {
    record() {
      written ??= deps.conversations.touch(caller, conversationId, changes);
      written.catch(() => undefined); // awaited by `done`
    },
    done: async () => written,
  };
}

/** The conversation's server's tools; a server deleted since is forgotten (chat on without tools). */
async function toolsFor(
  deps: ChatServiceDeps,
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

/** Generates a streamed assistant reply in one of the caller's conversations. */
export function createChatService(deps: ChatServiceDeps) {
  return {
    /**
     * Prepares the reply (see startReply); `run` then streams it through `emit`: every failure
     * there is an `error` event and an error message.
     */
    async start(
      caller: Caller,
      query: StreamQuery,
      /** The access gate's answer (http/sse-route): nothing is written before it lets the caller in. */
      admitted: Promise<void> = Promise.resolve(),
    ): Promise<{ messageId: string; run: (emit: Emit) => Promise<void> }> {
      const prepared = await startReply(deps, caller, query, admitted);
      return {
        messageId: prepared.reply.messageId,
        run: (emit) => streamReply(deps, prepared, emit),
      };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
