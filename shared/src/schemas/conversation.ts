import * as z from 'zod';
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
  defaultProvider: z.string().min(1).max(MAX_PROVIDER_ID_LENGTH),
  defaultModel: z.string().min(1).max(MAX_MODEL_ID_LENGTH),
});
export type ConversationMetadata = z.infer<typeof conversationMetadataSchema>;

export const DEFAULT_CONVERSATION_METADATA: ConversationMetadata = {
  defaultProvider: DEFAULT_PROVIDER,
  defaultModel: DEFAULT_MODEL,
};

const epochMs = z.number().int().nonnegative();

export const MAX_SYSTEM_PROMPT_LENGTH = 4_000;
/** The most output tokens any plan allows per request; the server caps a request at the caller's plan. */
export const MAX_OUTPUT_TOKENS_SETTING = 8_192;

/** A conversation's system prompt and model parameters; new conversations take the user's defaults. */
export const modelSettingsSchema = z
  .object({
    systemPrompt: z
      .string()
      .trim()
      .max(MAX_SYSTEM_PROMPT_LENGTH, {
        error: `A system prompt may be at most ${MAX_SYSTEM_PROMPT_LENGTH} characters`,
      })
      .optional(),
    temperature: z
      .number()
      .min(0, { error: 'Temperature is between 0 and 2' })
      .max(2, { error: 'Temperature is between 0 and 2' })
      .optional(),
    maxOutputTokens: z
      .number()
      .int({ error: 'Max output tokens is a whole number' })
      .min(1, { error: `Max output tokens is between 1 and ${MAX_OUTPUT_TOKENS_SETTING}` })
      .max(MAX_OUTPUT_TOKENS_SETTING, {
        error: `Max output tokens is between 1 and ${MAX_OUTPUT_TOKENS_SETTING}`,
      })
      .optional(),
    /** The model may search the web (docs/decisions/chat.md, "Web search"); off when absent. */
    webSearch: z.boolean().optional(),
    /** Knowledge collections the model may search (`search_knowledge`); none when absent. */
    collectionIds: attachedCollectionIdsSchema.optional(),
  })
  .strict();
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  userId: z.string(),
  /** GET /conversations/{id}: its latest page of messages only, oldest first (the list: none). */
  messages: z.array(messageSchema).default(() => []),
  /** GET /conversations/{id}: present when messages came before that page (GET …/messages?order=newest&cursor=). */
  olderMessagesCursor: z.string().optional(),
  createdAt: epochMs,
  updatedAt: epochMs,
  metadata: conversationMetadataSchema,
  lastProvider: z.string().optional(),
  lastModel: z.string().optional(),
  /** The MCP servers whose tools its replies may use, in the order attached (chat-servers.ts). */
  mcpServerIds: z.array(z.string()).optional(),
  /** When it was pinned: pinned conversations come first in the list. */
  pinnedAt: epochMs.optional(),
  settings: modelSettingsSchema.optional(),
  /**
   * The team whose space it was created in (absent: the personal space): its usage of the
   * platform's models is on the team's plan and billed to the team.
   */
  teamId: z.string().optional(),
  /** The team its author shares it with, read-only (the author's view; docs/decisions/teams.md, Teams). */
  sharedWithTeamId: z.string().optional(),
  sharedAt: epochMs.optional(),
  /** Present when a team member (not the author) reads a conversation shared with their team. */
  sharedView: z.object({ teamId: z.string(), teamName: z.string(), authorEmail: z.string() }).optional(),
  /** Client-side: the conversation shown in the chat. */
  selected: z.boolean().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /conversations. The owner is the verified caller; a userId in the body is ignored. */
export const createConversationBodySchema = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH).default(NEW_CONVERSATION_TITLE),
  name: z.string().trim().min(1).max(MAX_TITLE_LENGTH).default(NEW_CONVERSATION_TITLE),
  userId: z.string().max(MAX_ID_LENGTH).optional(),
  /** Messages it starts with (an import): bounded in count and total size. */
  messages: z
    .array(messageSchema)
    .max(MAX_INITIAL_MESSAGES, `At most ${MAX_INITIAL_MESSAGES} messages can come with a new conversation`)
    .refine(
      (messages) => JSON.stringify(messages).length <= MAX_INITIAL_MESSAGES_JSON_CHARS,
      `The messages of a new conversation may total at most ${MAX_INITIAL_MESSAGES_JSON_CHARS} characters`,
    )
    .default(() => []),
  createdAt: epochMs,
  updatedAt: epochMs,
  metadata: conversationMetadataSchema.default(() => ({ ...DEFAULT_CONVERSATION_METADATA })),
  /** The user's default settings, copied at creation. */
  settings: modelSettingsSchema.optional(),
  /** Not in the spec's body: the team space it belongs to (the caller must be a member); absent: personal. */
  teamId: z.string().min(1).max(MAX_ID_LENGTH).optional(),
});
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;
export type CreateConversationBodyInput = z.input<typeof createConversationBodySchema>;

/** PUT /conversations/{id} */
export const updateConversationBodySchema = z.object({
  metadata: conversationMetadataSchema,
  updatedAt: epochMs,
  /** Not in the spec's body: attaches one MCP server to the conversation, or detaches all (null); as `mcpServerIds`. */
  mcpServerId: z.string().min(1).max(64).nullable().optional(),
  /** Not in the spec's body: the MCP servers the conversation uses, in order (null or []: none). */
  mcpServerIds: chatServerIdsSchema.nullable().optional(),
  /** Not in the spec's body: pins the conversation to the top of the list, or unpins it. */
  pinned: z.boolean().optional(),
  /** Not in the spec's body: the system prompt and model parameters (null: back to none). */
  settings: modelSettingsSchema.nullable().optional(),
  /**
   * Not in the spec's body: shares the conversation read-only with one team of the author's
   * (null: stops sharing). Only the author may; the server checks their membership.
   */
  sharedWithTeamId: z.string().min(1).max(MAX_ID_LENGTH).nullable().optional(),
  /** Not in the spec's body: renames the conversation (its name follows). */
  title: z
    .string()
    .trim()
    .min(1, { error: 'A conversation needs a title' })
    .max(MAX_TITLE_LENGTH, { error: `A title may be at most ${MAX_TITLE_LENGTH} characters` })
    .optional(),
});
export type UpdateConversationBody = z.infer<typeof updateConversationBodySchema>;

/** GET /conversations: the caller's own, or with `teamId` those shared with that team (members only). */
export const listConversationsQuerySchema = z
  .object({ teamId: z.string().min(1).max(MAX_ID_LENGTH).optional() })
  .strict();
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
  limit: z.coerce.number().int().min(1).max(MAX_MESSAGE_PAGE_SIZE).default(50),
  /** Opaque; from the previous page. */
  cursor: z.string().max(512).optional(),
  order: z.enum(['oldest', 'newest']).default('oldest'),
  /**
   * `shown` (default): the branch shown (docs/decisions/chat.md, "Branches"); `all`: every message
   * of every branch, by age, each with its `parentId` (a JSON export keeps the tree).
   */
  branches: z.enum(['shown', 'all']).default('shown'),
});
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

/** A page of messages in the order asked for, and the cursor to the next one (absent on the last). */
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.string().optional(),
});

/** GET /conversations/search: titles and message text of the caller's conversations, a page at a time. */
export const conversationSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, { error: 'Type at least 2 characters to search' })
    .max(MAX_SEARCH_QUERY_LENGTH, { error: `A search may be at most ${MAX_SEARCH_QUERY_LENGTH} characters` }),
  /** Opaque; from the previous page. */
  cursor: z.string().max(200).optional(),
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
      otherBranch: z.boolean().optional(),
    }),
  ),
});
export type ConversationSearchResult = z.infer<typeof conversationSearchResultSchema>;

export const conversationSearchPageSchema = z.object({
  results: z.array(conversationSearchResultSchema),
  /** Present while conversations remain to be searched. */
  nextCursor: z.string().optional(),
});
export type ConversationSearchPage = z.infer<typeof conversationSearchPageSchema>;
