import { modelSettingsSchema } from '@agentforge/shared';
import * as z from 'zod';

/** A conversation as stored (messages live in their own table). */
export const conversationRecordSchema = z.object({
  userId: z.string(),
  conversationId: z.string(),
  name: z.string(),
  title: z.string(),
  metadata: z.object({ defaultProvider: z.string(), defaultModel: z.string() }),
  lastProvider: z.string().optional(),
  lastModel: z.string().optional(),
  /** Written before several servers per chat: read as `mcpServerIds` of one (chatServersOf). */
  mcpServerId: z.string().optional(),
  mcpServerIds: z.array(z.string()).optional(),
  pinnedAt: z.number().optional(),
  settings: z.optional(modelSettingsSchema),
  /** The team whose space it belongs to (set at creation): its platform-model usage is the team's. */
  teamId: z.string().optional(),
  /** The team it is shared with, read-only (the key of the sparse GSI bySharedTeam). */
  sharedWithTeamId: z.string().optional(),
  sharedAt: z.number().optional(),
  /** The message whose branch is shown (message-tree.ts); absent: the newest message's. */
  activeLeafId: z.string().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ConversationRecord = z.infer<typeof conversationRecordSchema>;

export type ConversationChanges = Partial<
  Pick<
    ConversationRecord,
    'metadata' | 'updatedAt' | 'lastProvider' | 'lastModel' | 'title' | 'name' | 'activeLeafId'
  >
> & {
  /** null: written by older code only, removed whenever `mcpServerIds` is written. */
  mcpServerId?: null;
  /** The conversation's MCP servers; null detaches them all. */
  mcpServerIds?: string[] | null;
  /** null unpins the conversation. */
  pinnedAt?: number | null;
  /** null clears the system prompt and parameters. */
  settings?: ConversationRecord['settings'] | null;
  /** null stops sharing (the attribute goes, so the sparse index drops the item). */
  sharedWithTeamId?: string | null;
  sharedAt?: number | null;
};

export interface ConversationRepository {
  create(record: ConversationRecord): Promise<void>;
  get(userId: string, conversationId: string): Promise<ConversationRecord | undefined>;
  listByUser(userId: string): Promise<ConversationRecord[]>;
  /** Updates an existing conversation; resolves undefined when there is none (wrong owner included). */
  update(
    userId: string,
    conversationId: string,
    changes: ConversationChanges,
  ): Promise<ConversationRecord | undefined>;
  /**
   * Sets the title (and name) only while it is still `expected` (a conditional write: a rename made
   * meanwhile wins); false when it was not (or the conversation is gone).
   */
  retitle(userId: string, conversationId: string, title: string, expected: string): Promise<boolean>;
  delete(userId: string, conversationId: string): Promise<void>;
  /**
   * The conversation `conversationId` if it is shared with `teamId` now: found through the sparse
   * index, then read consistently from the table and checked again (the index lags an unshare).
   */
  findShared(teamId: string, conversationId: string): Promise<ConversationRecord | undefined>;
  /** The conversations shared with `teamId` (the index: eventually consistent, for lists only). */
  listSharedWith(teamId: string): Promise<ConversationRecord[]>;
}
