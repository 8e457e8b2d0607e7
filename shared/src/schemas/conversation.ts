import * as z from 'zod/mini';
import {
  MAX_ID_LENGTH,
  MAX_INITIAL_MESSAGES,
  MAX_INITIAL_MESSAGES_JSON_CHARS,
  MAX_MODEL_ID_LENGTH,
  MAX_PROVIDER_ID_LENGTH,
  MAX_SEARCH_QUERY_LENGTH,
  MAX_TITLE_LENGTH,
} from '../constants/limits';
import { DEFAULT_MODEL, DEFAULT_PROVIDER, NEW_CONVERSATION_TITLE } from '../constants/product';
import { chatServerIdsSchema } from './chat-servers';
import { attachedCollectionIdsSchema } from './knowledge';
import { messageSchema } from './message';

export const conversationMetadataSchema = z.object({
  defaultProvider: z.string().check(z.minLength(1), z.maxLength(MAX_PROVIDER_ID_LENGTH)),
  defaultModel: z.string().check(z.minLength(1), z.maxLength(MAX_MODEL_ID_LENGTH)),
});
export type ConversationMetadata = z.infer<typeof conversationMetadataSchema>;

export const DEFAULT_CONVERSATION_METADATA: ConversationMetadata = {
  defaultProvider: DEFAULT_PROVIDER,
  defaultModel: DEFAULT_MODEL,
};

const epochMs = z.number().check(z.int(), z.nonnegative());

export const MAX_SYSTEM_PROMPT_LENGTH = 4_000;
/** The most output tokens any plan allows per request; the server caps a request at the caller's plan. */
export const MAX_OUTPUT_TOKENS_SETTING = 8_192;

/** A conversation's system prompt and model parameters; new conversations take the user's defaults. */
export const modelSettingsSchema = z.strictObject({
  systemPrompt: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(MAX_SYSTEM_PROMPT_LENGTH, {
        error: `A system prompt may be at most ${MAX_SYSTEM_PROMPT_LENGTH} characters`,
      }),
    ),
  ),
  temperature: z.optional(
    z
      .number()
      .check(
        z.gte(0, { error: 'Temperature is between 0 and 2' }),
        z.lte(2, { error: 'Temperature is between 0 and 2' }),
      ),
  ),
  maxOutputTokens: z.optional(
    z.number().check(
      z.int({ error: 'Max output tokens is a whole number' }),
      z.gte(1, { error: `Max output tokens is between 1 and ${MAX_OUTPUT_TOKENS_SETTING}` }),
      z.lte(MAX_OUTPUT_TOKENS_SETTING, {
        error: `Max output tokens is between 1 and ${MAX_OUTPUT_TOKENS_SETTING}`,
      }),
    ),
  ),
  /** The model may search the web (docs/decisions/chat.md, "Web search"); off when absent. */
  webSearch: z.optional(z.boolean()),
  /** Knowledge collections the model may search (`search_knowledge`); none when absent. */
  collectionIds: z.optional(attachedCollectionIdsSchema),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  userId: z.string(),
  /** GET /conversations/{id}: its latest page of messages only, oldest first (the list: none). */
  messages: z._default(z.array(messageSchema), () => []),
  /** GET /conversations/{id}: present when messages came before that page (GET …/messages?order=newest&cursor=). */
  olderMessagesCursor: z.optional(z.string()),
  createdAt: epochMs,
  updatedAt: epochMs,
  metadata: conversationMetadataSchema,
  lastProvider: z.optional(z.string()),
  lastModel: z.optional(z.string()),
  /** The MCP servers whose tools its replies may use, in the order attached (chat-servers.ts). */
  mcpServerIds: z.optional(z.array(z.string())),
  /** When it was pinned: pinned conversations come first in the list. */
  pinnedAt: z.optional(epochMs),
  settings: z.optional(modelSettingsSchema),
  /**
   * The team whose space it was created in (absent: the personal space): its usage of the
   * platform's models is on the team's plan and billed to the team.
   */
  teamId: z.optional(z.string()),
  /** The team its author shares it with, read-only (the author's view; docs/decisions/teams.md, Teams). */
  sharedWithTeamId: z.optional(z.string()),
  sharedAt: z.optional(epochMs),
  /** Present when a team member (not the author) reads a conversation shared with their team. */
  sharedView: z.optional(z.object({ teamId: z.string(), teamName: z.string(), authorEmail: z.string() })),
  /** Client-side: the conversation shown in the chat. */
  selected: z.optional(z.boolean()),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /conversations. The owner is the verified caller; a userId in the body is ignored. */
export const createConversationBodySchema = z.object({
  title: z._default(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TITLE_LENGTH)),
    NEW_CONVERSATION_TITLE,
  ),
  name: z._default(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TITLE_LENGTH)),
    NEW_CONVERSATION_TITLE,
  ),
  userId: z.optional(z.string().check(z.maxLength(MAX_ID_LENGTH))),
  /** Messages it starts with (an import): bounded in count and total size. */
  messages: z._default(
    z.array(messageSchema).check(
      z.maxLength(
        MAX_INITIAL_MESSAGES,
        `At most ${MAX_INITIAL_MESSAGES} messages can come with a new conversation`,
      ),
      z.refine(
        (messages) => JSON.stringify(messages).length <= MAX_INITIAL_MESSAGES_JSON_CHARS,
        `The messages of a new conversation may total at most ${MAX_INITIAL_MESSAGES_JSON_CHARS} characters`,
      ),
    ),
    () => [],
  ),
  createdAt: epochMs,
  updatedAt: epochMs,
  metadata: z._default(conversationMetadataSchema, () => ({ ...DEFAULT_CONVERSATION_METADATA })),
  /** The user's default settings, copied at creation. */
  settings: z.optional(modelSettingsSchema),
  /** Not in the spec's body: the team space it belongs to (the caller must be a member); absent: personal. */
  teamId: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
});
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;
export type CreateConversationBodyInput = z.input<typeof createConversationBodySchema>;

/** PUT /conversations/{id} */
export const updateConversationBodySchema = z.object({
  metadata: conversationMetadataSchema,
  updatedAt: epochMs,
  /** Not in the spec's body: attaches one MCP server to the conversation, or detaches all (null); as `mcpServerIds`. */
  mcpServerId: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(64)))),
  /** Not in the spec's body: the MCP servers the conversation uses, in order (null or []: none). */
  mcpServerIds: z.optional(z.nullable(chatServerIdsSchema)),
  /** Not in the spec's body: pins the conversation to the top of the list, or unpins it. */
  pinned: z.optional(z.boolean()),
  /** Not in the spec's body: the system prompt and model parameters (null: back to none). */
  settings: z.optional(z.nullable(modelSettingsSchema)),
  /**
   * Not in the spec's body: shares the conversation read-only with one team of the author's
   * (null: stops sharing). Only the author may; the server checks their membership.
   */
  sharedWithTeamId: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)))),
  /** Not in the spec's body: renames the conversation (its name follows). */
  title: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: 'A conversation needs a title' }),
        z.maxLength(MAX_TITLE_LENGTH, { error: `A title may be at most ${MAX_TITLE_LENGTH} characters` }),
      ),
  ),
});
export type UpdateConversationBody = z.infer<typeof updateConversationBodySchema>;

/** GET /conversations: the caller's own, or with `teamId` those shared with that team (members only). */
export const listConversationsQuerySchema = z.strictObject({
  teamId: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuerySchema>;

/** The list's order: pinned conversations first (latest pinned on top), then the newest first. */
export function conversationOrder(
  a: Pick<Conversation, 'pinnedAt' | 'updatedAt'>,
  b: Pick<Conversation, 'pinnedAt' | 'updatedAt'>,
): number {
  return (b.pinnedAt ?? 0) - (a.pinnedAt ?? 0) || b.updatedAt - a.updatedAt;
}

/** The largest page of GET /conversations/{id}/messages. */
export const MAX_MESSAGE_PAGE_SIZE = 200;

/**
 * GET /conversations/{id}/messages?limit&cursor&order. `oldest` (the default, as before paging
 * backwards existed) reads from the first message on; `newest` reads from the latest message back,
 * newest first, so a chat opens on its last page. The cursor carries on in the same direction.
 */
export const messagePageQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_MESSAGE_PAGE_SIZE)), 50),
  /** Opaque; from the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(512))),
  order: z._default(z.enum(['oldest', 'newest']), 'oldest'),
  /**
   * `shown` (default): the branch shown (docs/decisions/chat.md, "Branches"); `all`: every message
   * of every branch, by age, each with its `parentId` (a JSON export keeps the tree).
   */
  branches: z._default(z.enum(['shown', 'all']), 'shown'),
});
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

/** A page of messages in the order asked for, and the cursor to the next one (absent on the last). */
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.optional(z.string()),
});

/** GET /conversations/search: titles and message text of the caller's conversations, a page at a time. */
export const conversationSearchQuerySchema = z.object({
  q: z.string().check(
    z.trim(),
    z.minLength(2, { error: 'Type at least 2 characters to search' }),
    z.maxLength(MAX_SEARCH_QUERY_LENGTH, {
      error: `A search may be at most ${MAX_SEARCH_QUERY_LENGTH} characters`,
    }),
  ),
  /** Opaque; from the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export type ConversationSearchQuery = z.infer<typeof conversationSearchQuerySchema>;

export const conversationSearchResultSchema = z.object({
  conversationId: z.string(),
  title: z.string(),
  updatedAt: epochMs,
  titleMatch: z.boolean(),
  /**
   * The first messages that match, each as a short excerpt around the match; `otherBranch` when the
   * message is on a branch the conversation does not show (docs/decisions/chat.md, "Branches").
   */
  matches: z.array(
    z.object({
      messageId: z.string(),
      role: z.enum(['user', 'assistant']),
      excerpt: z.string(),
      otherBranch: z.optional(z.boolean()),
    }),
  ),
});
export type ConversationSearchResult = z.infer<typeof conversationSearchResultSchema>;

export const conversationSearchPageSchema = z.object({
  results: z.array(conversationSearchResultSchema),
  /** Present while conversations remain to be searched. */
  nextCursor: z.optional(z.string()),
});
export type ConversationSearchPage = z.infer<typeof conversationSearchPageSchema>;
