import type { CreateMessageBody, KnowledgeCitation, MemoryDecision, Message } from '@agentforge/shared';
import { CHAT_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { interruptedReply, isInterrupted } from '../chat/reply-lease.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { REMEMBER_TOOL } from '../memory/remember-tool.js';
import type { ConversationRecord } from './conversation.js';
import type { ConversationServiceDeps } from './conversation-service.js';
import type { MessagePageOptions, MessageRecord, MessageRepository } from './message.js';
import { pathPage } from './message-page.js';
import { type PathMessage, readBranches, shownPath } from './message-tree.js';

export const MESSAGE_NOT_FOUND = 'Message not found';

/**
 * A message as the API returns it. A reply still marked streaming whose lease ran out (its writer
 * died) reads as interrupted, with the text last saved, until the sweep saves it so.
 */
export function toMessage(record: MessageRecord | PathMessage<MessageRecord>, now = Date.now()): Message {
  const shown = isInterrupted(record, now) ? { ...record, ...interruptedReply(record) } : record;
  const {
    messageId,
    status,
    stopRequested: _stop,
    leaseExpiresAt: _expires,
    leaseShard: _shard,
    reservations: _reservations,
    ...rest
  } = shown;
  return { ...rest, id: messageId, isLoading: status === 'streaming' };
}

/** A user's message as stored (the caller's conversation must have been checked). */
export function userMessageRecord(
  caller: Caller,
  body: Pick<CreateMessageBody, 'conversationId' | 'content' | 'provider' | 'model'> & {
    role?: MessageRecord['role'];
    /** The message it follows (null or absent: a first turn). */
    parentId?: string | null | undefined;
  },
  messageId: string,
  timestamp: number,
): MessageRecord {
  return {
    conversationId: body.conversationId,
    messageId,
    userId: caller.userId,
    role: body.role ?? 'user',
    content: body.content,
    status: 'complete',
    provider: body.provider,
    model: body.model,
    timestamp,
    parentId: body.parentId ?? null,
  };
}

/**
 * A page of the shown branch (or of every branch: `page.branches`), as the API returns it: the tree
 * read without content, then only the page's messages in full.
 */
export async function shownPage(
  messages: Pick<MessageRepository, 'listTree' | 'getMany'>,
  conversation: Pick<ConversationRecord, 'conversationId' | 'activeLeafId'>,
  page: MessagePageOptions,
): Promise<{ messages: Message[]; nextCursor?: string }> {
  const { conversationId } = conversation;
  const path = await readBranches(messages, conversation, page.branches);
  const result = await pathPage(conversationId, path, page, async (nodes) => {
    const records = new Map(
      (
        await messages.getMany(
          conversationId,
          nodes.map((node) => node.messageId),
        )
      ).map((r) => [r.messageId, r]),
    );
    return nodes.flatMap(({ messageId, ...place }) => {
      const record = records.get(messageId);
      return record ? [{ ...record, ...place }] : [];
    });
  });
  return {
    messages: result.messages.map((message) => toMessage(message)),
    ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}),
  };
}

/** The messages of the caller's conversations: adding, paging, editing, stopping a reply. */
export function createConversationMessages(
  { conversations, messages, newId, now }: ConversationServiceDeps,
  /** The caller's conversation, or NotFoundError. */
  owned: (caller: Caller, conversationId: string) => Promise<ConversationRecord>,
) {
  return {
    /**
     * A message after the last one shown, or (`parentId`: edit and resend) after that message, as a
     * sibling of the edited one: the new branch is then the one shown.
     */
    async addMessage(
      caller: Caller,
      /** `citations`: an automation run's answer keeps its knowledge passages (never from the API's body). */
      body: CreateMessageBody & { timestamp?: number; citations?: KnowledgeCitation[] | undefined },
    ): Promise<Message> {
      const conversation = await owned(caller, body.conversationId);
      const { parentId } = body;
      if (parentId && !(await messages.get(body.conversationId, parentId))) {
        throw new NotFoundError(MESSAGE_NOT_FOUND);
      }
      const after =
        parentId === undefined
          ? (shownPath(await messages.listTree(body.conversationId), conversation.activeLeafId).at(-1)
              ?.messageId ?? null)
          : parentId;
      const record: MessageRecord = {
        ...userMessageRecord(caller, { ...body, parentId: after }, newId(), body.timestamp ?? now()),
        ...(body.citations?.length ? { citations: body.citations } : {}),
      };
      await messages.create(record);
      if (parentId !== undefined) {
        await conversations.update(caller.userId, body.conversationId, { activeLeafId: record.messageId });
      }
      return toMessage(record);
    },

    async listMessages(
      caller: Caller,
      conversationId: string,
      page: MessagePageOptions,
    ): Promise<{ messages: Message[]; nextCursor?: string }> {
      return shownPage(messages, await owned(caller, conversationId), page);
    },

    /** Shows the branch through `messageId` (a message of the caller's conversation). */
    async selectBranch(caller: Caller, conversationId: string, messageId: string): Promise<void> {
      await owned(caller, conversationId);
      if (!(await messages.get(conversationId, messageId))) throw new NotFoundError(MESSAGE_NOT_FOUND);
      await conversations.update(caller.userId, conversationId, { activeLeafId: messageId });
    },

    /**
     * Edit before resend: a user message's text. Refused while a reply from it on is being
     * written (an interrupted one is ended by the stream that replaces it).
     */
    async editMessage(caller: Caller, conversationId: string, messageId: string, content: string) {
      await owned(caller, conversationId);
      const history = await messages.listAll(conversationId);
      const at = history.findIndex((message) => message.messageId === messageId);
      const message = history[at];
      if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
      if (message.role !== 'user') throw new ValidationError(CHAT_MESSAGES.onlyUserMessagesEditable);
      const writing = (later: MessageRecord) => later.status === 'streaming' && !isInterrupted(later, now());
      if (history.slice(at).some(writing)) throw new ConflictError(CHAT_MESSAGES.replyInProgress);
      await messages.update(conversationId, messageId, { content });
      return toMessage({ ...message, content });
    },

    /**
     * Save or Dismiss on a reply's `remember` proposal (the model's memory tool: no server), kept
     * with the reply so the card shows it after a reload and on other devices. Saving the fact
     * itself is the memory route's; this records what the user chose.
     */
    async decideMemoryProposal(
      caller: Caller,
      conversationId: string,
      messageId: string,
      toolCallId: string,
      decision: MemoryDecision,
    ): Promise<void> {
      await owned(caller, conversationId);
      const message = await messages.get(conversationId, messageId);
      const proposal = message?.toolCalls?.find(
        (call) => call.id === toolCallId && call.name === REMEMBER_TOOL && !call.serverId,
      );
      if (!message || !proposal) throw new NotFoundError(MESSAGE_NOT_FOUND);
      await messages.update(conversationId, messageId, {
        memoryDecisions: { ...message.memoryDecisions, [toolCallId]: decision },
      });
    },

    /** Asks a reply being generated to stop; the stream saves what it has with '[Streaming stopped]'. */
    async stopMessage(
      caller: Caller,
      conversationId: string,
      messageId: string,
      shownChars?: number,
    ): Promise<void> {
      await owned(caller, conversationId);
      const message = await messages.get(conversationId, messageId);
      if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
      if (message.status === 'streaming') await messages.requestStop(conversationId, messageId, shownChars);
    },
  };
}
