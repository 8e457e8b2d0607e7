import {
  ATTACHMENT_MESSAGES,
  CHAT_MESSAGES,
  chatServersOf,
  type StreamQuery,
  splitServerIds,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { userMessageRecord } from '../conversations/conversation-messages.js';
import type { MessageRecord } from '../conversations/message.js';
import { branchTo, messageTree, shownPath } from '../conversations/message-tree.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { ReplyMemory } from '../memory/memory.js';
import type { ModelMessage } from '../models/model-provider.js';
import { assertImagesAccepted, triggerAttachments } from './attachment-content.js';
import { afterEventLoopTurns } from './event-loop-turns.js';
import { type FirstCall, openFirstCall } from './first-call.js';
import type { ChatServiceDeps, ModelResolver } from './ports.js';
import { isInterrupted, newStreamingReply } from './reply-lease.js';
import {
  type ConversationSettings,
  replyMemoryAndSystem,
  replyRequest,
  toModelMessages,
} from './reply-request.js';

/** What `startReply` prepared for the stream. */
export type PreparedReply = Awaited<ReturnType<typeof startReply>>;

/**
 * Checks the conversation is the caller's, saves the triggering user message if any and creates
 * the reply message; throws (NotFoundError) before anything is streamed.
 */
export async function startReply(
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
  const branch = Promise.all([owned, listing]).then(([shown, all]) => shownPath(all, shown.activeLeafId));
  branch.catch(() => undefined); // the ownership check's failure is reported where `owned` is awaited
  const { memory, system } = replyMemoryAndSystem(deps, caller, owned, branch, query.triggerContent);
  const conversation = await owned;
  const all = await listing;
  // The model sees the branch shown only (a regenerate: the branch up to the message it redoes).
  let history = shownPath(all, conversation.activeLeafId);
  const serverIds = queriedServers(query) ?? chatServersOf(conversation);
  const settings = conversation.settings ?? {};
  // A plain turn (no regenerate, no files, no tools: no servers, web search or documents) is known in full now: its model call is
  // opened before the gate answers, and aborted if anything below refuses the stream.
  const plain =
    !query.replaceFrom &&
    !query.attachmentIds &&
    serverIds.length === 0 &&
    !settings.collectionIds?.length &&
    !conversation.settings?.webSearch;
  const early = plain
    ? newMessages(deps, caller, query, conversation.conversationId, history.at(-1)?.messageId ?? null)
    : undefined;
  if (early?.trigger) history.push(early.trigger);
  if (early) assertImagesAccepted(history, query.provider);
  const earlyMessages = early ? toModelMessages(history, deps.attachments) : undefined;
  const firstCall: Promise<FirstCall | undefined> = earlyMessages
    ? openEarly(model, settings, earlyMessages, system, memory)
    : Promise.resolve(undefined);
  firstCall.catch(() => undefined); // a failed opening is the reply's to report (the model awaited again)
  try {
    // Everything above only reads; nothing is written before the access gate has let the caller in.
    await admitted;
    if (query.replaceFrom) history = await regenerateFrom(deps, all, query.replaceFrom);
    const { trigger, reply } =
      early ??
      newMessages(deps, caller, query, conversation.conversationId, history.at(-1)?.messageId ?? null);
    const attached = await attachToTrigger(deps, caller, query, trigger, history);
    if (trigger && !early) history.push(trigger);
    if (!early) assertImagesAccepted(history, query.provider);
    // Saved while the model is called (see streamReply), once its request is on its way.
    const persisted = afterRequestsSent().then(() =>
      Promise.all([
        trigger ? messages.create(trigger) : undefined,
        messages.create(reply),
        attached?.(),
        // A regenerated reply is a new branch: the one shown from now on.
        query.replaceFrom
          ? deps.conversations.touch(caller, conversation.conversationId, { activeLeafId: reply.messageId })
          : undefined,
      ]),
    );
    persisted.catch(() => undefined); // awaited (and reported) by the stream
    const modelMessages = earlyMessages ?? toModelMessages(history, deps.attachments);
    modelMessages.catch(() => undefined); // awaited (and reported) by the stream
    return {
      caller,
      query,
      history,
      reply,
      serverIds,
      settings,
      memory,
      system,
      title: conversation.title,
      model,
      modelMessages,
      firstCall,
      persisted: persisted.then(() => undefined),
    };
  } catch (error) {
    cancelFirstCall(firstCall, error);
    throw error;
  }
}

/**
 * Two turns of the event loop: undici writes a request one turn after its fetch is called, and a
 * write's SDK work (about a millisecond of CPU each) started before that delays the model call's
 * request by as much. Writes started after this leave the first call's request ahead of them
 * (docs/decisions/performance-stream-10ms.md); they are not on the first token's path.
 */
const afterRequestsSent = () => afterEventLoopTurns(2);

/** The servers the stream names (`mcpServerIds`, or the older single `mcpServerId`), if it names any. */
export function queriedServers(query: StreamQuery): string[] | undefined {
  if (query.mcpServerIds !== undefined) return splitServerIds(query.mcpServerIds);
  return query.mcpServerId ? [query.mcpServerId] : undefined;
}

/** Aborts the call opened ahead, if one was (and the reply has not taken it). */
export function cancelFirstCall(firstCall: Promise<FirstCall | undefined>, reason?: unknown): void {
  firstCall.then(
    (call) => call?.cancel(reason),
    () => undefined, // it never opened: the model's failure is the reply's to report
  );
}

/**
 * The first model call, opened as soon as the model and the messages are ready: not for the
 * platform's models, whose calls reserve tokens first (a write, which waits for the gate).
 */
async function openEarly(
  model: ReturnType<ModelResolver['resolve']>,
  settings: ConversationSettings,
  messages: Promise<ModelMessage[]>,
  system: Promise<string | undefined>,
  memory: Promise<ReplyMemory>,
): Promise<FirstCall | undefined> {
  const resolved = await model;
  if (resolved.reservesTokens) return undefined;
  // With memory on the turn offers the `remember` tool: the tool loop makes its call.
  if ((await memory).on) return undefined;
  return openFirstCall(
    resolved.provider,
    replyRequest(resolved.model, settings, await messages, await system),
  );
}

/**
 * Regenerate: the new reply is `messageId`'s sibling, so the history is the branch up to its parent;
 * it and the turns after it are kept (docs/decisions/chat.md, "Branches"). Refused while a reply
 * from it on is being written; one interrupted there (its writer died) is ended first, so what it
 * reserved comes back.
 */
async function regenerateFrom(
  deps: ChatServiceDeps,
  all: MessageRecord[],
  messageId: string,
): Promise<MessageRecord[]> {
  const tree = messageTree(all);
  if (!tree.get(messageId)) throw new NotFoundError('Message not found');
  const streaming = all.filter((message) => message.messageId >= messageId && message.status === 'streaming');
  const now = deps.now();
  if (streaming.some((message) => !isInterrupted(message, now))) {
    throw new ConflictError(CHAT_MESSAGES.replyInProgress);
  }
  for (const message of streaming) await deps.interrupted?.end(message);
  return branchTo(tree, tree.parentOf(messageId));
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
function newMessages(
  deps: ChatServiceDeps,
  caller: Caller,
  query: StreamQuery,
  conversationId: string,
  parentId: string | null,
) {
  const trigger = query.triggerContent?.trim()
    ? userMessageRecord(
        caller,
        { ...query, conversationId, content: query.triggerContent, parentId },
        deps.newId(),
        deps.now(),
      )
    : undefined;
  const ids = { conversationId, messageId: deps.newId(), userId: caller.userId };
  const reply: MessageRecord = {
    ...newStreamingReply(ids, query, deps.now()),
    parentId: trigger?.messageId ?? parentId,
  };
  return { trigger, reply };
}
