import type { Conversation, CreateConversationBody, UpdateConversationBody } from '@agentforge/shared';
import {
  type ConversationSearchQuery,
  chatServersOf,
  conversationOrder,
  NEW_CONVERSATION_TITLE,
  TEAM_MESSAGES,
} from '@agentforge/shared';
import { logger } from '../../logger.js';
import type { Caller } from '../caller.js';
import { NotFoundError } from '../errors.js';
import type { ConversationChanges, ConversationRecord, ConversationRepository } from './conversation.js';
import { createConversationMessages, toMessage, userMessageRecord } from './conversation-messages.js';
import { searchConversations } from './conversation-search.js';
import type { MessageRecord, MessageRepository } from './message.js';

export interface ConversationServiceDeps {
  conversations: ConversationRepository;
  messages: MessageRepository;
  /** A conversation's agent plans, deleted with it. */
  plans?: { deleteAll(conversationId: string): Promise<void> };
  /** A conversation's attached files, deleted with it. */
  attachments?: { deleteAll(userId: string, conversationId: string): Promise<void> };
  /** The teams a user belongs to ("my teams"): a conversation is created in a team's space by its members only. */
  myTeams?: { teamIdsOf(userId: string): Promise<string[]> };
  newId: () => string;
  now: () => number;
}

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

export function toConversation(record: ConversationRecord, messages: MessageRecord[] = []): Conversation {
  const { conversationId, mcpServerId: _one, mcpServerIds: _list, activeLeafId: _shown, ...rest } = record;
  const servers = chatServersOf(record);
  return {
    ...rest,
    ...(servers.length ? { mcpServerIds: servers } : {}),
    id: conversationId,
    messages: messages.map((message) => toMessage(message)),
  };
}

/**
 * The conversation's servers as written: always `mcpServerIds` (none: removed), and the older
 * single `mcpServerId` removed with it.
 */
export function serverChanges(
  serverIds: string[] | null,
): Pick<ConversationChanges, 'mcpServerId' | 'mcpServerIds'> {
  return { mcpServerIds: serverIds?.length ? serverIds : null, mcpServerId: null };
}

/** Initial messages written at once (DynamoDB's batch size). */
const INITIAL_WRITE_BATCH = 25;

/** A new conversation with the messages it brings (see `create` below). */
async function createWithMessages(
  { conversations, messages, myTeams, newId, now }: ConversationServiceDeps,
  caller: Caller,
  body: CreateConversationBody,
): Promise<Conversation> {
  if (body.teamId && !(myTeams && (await myTeams.teamIdsOf(caller.userId)).includes(body.teamId)))
    throw new NotFoundError(TEAM_MESSAGES.notFound);
  const record: ConversationRecord = {
    userId: caller.userId,
    conversationId: newId(),
    name: body.name,
    title: body.title,
    metadata: body.metadata,
    ...(body.settings ? { settings: body.settings } : {}),
    ...(body.teamId ? { teamId: body.teamId } : {}),
    createdAt: body.createdAt,
    updatedAt: body.updatedAt,
  };
  // An import keeps its tree: each message's parent is one before it in the file (by its id
  // there), else, as in files written before branches, the message before it.
  const initial: MessageRecord[] = [];
  const newIds = new Map<string, string>();
  for (const message of body.messages) {
    const previous = initial.at(-1)?.messageId ?? null;
    const stated = message.parentId === undefined ? previous : message.parentId;
    const parentId = stated === null ? null : (newIds.get(stated) ?? previous);
    const created = userMessageRecord(
      caller,
      {
        ...message,
        conversationId: record.conversationId,
        provider: message.provider ?? record.metadata.defaultProvider,
        model: message.model ?? record.metadata.defaultModel,
        parentId,
      },
      newId(),
      message.timestamp ?? now(),
    );
    // A reply's web sources come back with it (docs/decisions/chat.md, "Web search").
    if (message.role === 'assistant' && message.sources?.length) created.sources = message.sources;
    newIds.set(message.id, created.messageId);
    initial.push(created);
  }
  try {
    for (let start = 0; start < initial.length; start += INITIAL_WRITE_BATCH) {
      await Promise.all(initial.slice(start, start + INITIAL_WRITE_BATCH).map((m) => messages.create(m)));
    }
    await conversations.create(record);
  } catch (error) {
    await messages.deleteAll(record.conversationId).catch((cleanup: unknown) =>
      // The conversation item was never written, so the orphans are unreachable; the log says which.
      logger.warn('Messages of a failed conversation create not removed', {
        conversationId: record.conversationId,
        error: cleanup,
      }),
    );
    throw error;
  }
  return { ...toConversation(record), messages: initial.map((message) => toMessage(message)) };
}

/** A conversation of the caller's, else NotFoundError (another user's is never found). */
async function ownedBy(
  conversations: ConversationServiceDeps['conversations'],
  caller: Caller,
  conversationId: string,
): Promise<ConversationRecord> {
  const record = await conversations.get(caller.userId, conversationId);
  if (!record) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return record;
}

/** Conversations and their messages, always scoped to the verified caller. */
export function createConversationService(deps: ConversationServiceDeps) {
  const { conversations, messages, now } = deps;
  const owned = (caller: Caller, conversationId: string) => ownedBy(conversations, caller, conversationId);

  return {
    owned,
    ...createConversationMessages(deps, owned),

    /**
     * The messages it brings are written first, a few at a time, and the conversation last: until
     * then nothing of it can be read, and a failure removes what was written.
     */
    create: (caller: Caller, body: CreateConversationBody) => createWithMessages(deps, caller, body),

    search: (caller: Caller, query: ConversationSearchQuery) =>
      searchConversations({ conversations, messages }, caller, query),

    /** Newest first (by last update). */
    async list(caller: Caller): Promise<Conversation[]> {
      const records = await conversations.listByUser(caller.userId);
      return records.sort(conversationOrder).map((record) => toConversation(record));
    },

    async update(
      caller: Caller,
      conversationId: string,
      body: UpdateConversationBody,
    ): Promise<Conversation> {
      const { pinned, mcpServerId, mcpServerIds, ...rest } = body;
      // The older single `mcpServerId` is a list of one (null: none).
      const servers =
        mcpServerIds !== undefined || mcpServerId === undefined
          ? mcpServerIds
          : mcpServerId === null
            ? null
            : [mcpServerId];
      const changes: ConversationChanges = {
        ...rest,
        ...(servers === undefined ? {} : serverChanges(servers)),
        // A rename sets both: the spec's conversation has a name and a title, made equal at creation.
        ...(body.title === undefined ? {} : { name: body.title }),
        ...(pinned === undefined ? {} : { pinnedAt: pinned ? now() : null }),
      };
      const record = await conversations.update(caller.userId, conversationId, changes);
      if (!record) throw new NotFoundError(CONVERSATION_NOT_FOUND);
      return toConversation(record);
    },

    /**
     * Records what a new reply used (provider, model, server; the metadata when the chat fell back
     * to another model) and bumps the conversation to the top.
     */
    async touch(
      caller: Caller,
      conversationId: string,
      changes: Pick<
        ConversationChanges,
        'lastProvider' | 'lastModel' | 'mcpServerId' | 'mcpServerIds' | 'metadata' | 'activeLeafId'
      >,
    ): Promise<void> {
      await conversations.update(caller.userId, conversationId, { ...changes, updatedAt: now() });
    },

    /** The model's title for a new conversation, unless it was renamed meanwhile (see retitle). */
    autoTitle: (caller: Caller, conversationId: string, title: string): Promise<boolean> =>
      conversations.retitle(caller.userId, conversationId, title, NEW_CONVERSATION_TITLE),

    async delete(caller: Caller, conversationId: string): Promise<void> {
      await owned(caller, conversationId);
      await Promise.all([
        messages.deleteAll(conversationId),
        deps.plans?.deleteAll(conversationId),
        deps.attachments?.deleteAll(caller.userId, conversationId),
      ]);
      await conversations.delete(caller.userId, conversationId);
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
