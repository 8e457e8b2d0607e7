import {
  agentStepRefSchema,
  attachmentSchema,
  knowledgeCitationsSchema,
  memoryDecisionsSchema,
  processingStepSchema,
  type ToolApprovalDecision,
  toolApprovalSchema,
  toolCallSchema,
  toolsOfferedSchema,
  webSourcesSchema,
} from '@agentforge/shared';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { heldReservationSchema } from '../limits/reservation-holder.js';

/**
 * A message as stored. `status` tracks an assistant reply being generated: the stream writes the
 * reply as it goes, so a reader always finds what was generated so far.
 */
export const MESSAGE_STATUSES = ['streaming', 'complete', 'stopped', 'error'] as const;

/**
 * A reply paused at a tool call (docs/decisions/mcp-servers.md, "Tool approval"), as stored: the
 * call, the tool-loop round it was in and the round's calls after it, for the reply to go on.
 */
export const storedToolApprovalSchema = zm.extend(toolApprovalSchema, {
  round: z.number().int().positive(),
  remaining: z.array(z.object({ id: z.string(), name: z.string(), input: z.unknown() })),
});
export type StoredToolApproval = z.infer<typeof storedToolApprovalSchema>;

export const messageRecordSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  userId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  isError: z.boolean().optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  processingSteps: z.array(processingStepSchema).optional(),
  mcpUsedId: z.string().optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
  timestamp: z.number(),
  /** Set by the stop call; the generating stream's next save finds it (see saveProgress). */
  stopRequested: z.boolean().optional(),
  /** How much of the reply the user had seen when they stopped it: what is kept. */
  stopAt: z.number().int().min(0).optional(),
  /** Written by a plan step (its output and tool calls). */
  agentStep: z.optional(agentStepRefSchema),
  /** Files sent with a user message, as storage described them (issue 17). */
  attachments: z.array(attachmentSchema).optional(),
  /**
   * A streaming reply's lease (domain/chat/reply-lease.ts): its writer renews it with every save;
   * past it, the writer is gone and the reply reads as interrupted. Removed by the last write.
   */
  leaseExpiresAt: z.number().optional(),
  /** Puts a streaming reply in the messages' sparse `byLease` index (the sweep's). */
  leaseShard: z.string().optional(),
  /** The model calls' open token reservations, by id, for the sweep to settle (reservation-holder). */
  reservations: z.record(z.string(), heldReservationSchema).optional(),
  toolApproval: z.optional(storedToolApprovalSchema),
  toolsOffered: z.optional(toolsOfferedSchema),
  /** The pages a reply's web search found (domain/chat/web-search.ts). */
  sources: z.optional(webSourcesSchema),
  /** The knowledge passages a reply's `search_knowledge` returned, numbered (domain/knowledge/knowledge-tools.ts). */
  citations: z.optional(knowledgeCitationsSchema),
  /** Save or Dismiss on the reply's `remember` proposals, by tool call id (written by the user's decision). */
  memoryDecisions: z.optional(memoryDecisionsSchema),
  /**
   * The message this one follows (null: a first turn). Written by every new message; absent on
   * messages written before branches, which follow the message before them (message-tree.ts).
   */
  parentId: z.string().nullable().optional(),
});
export type MessageRecord = z.infer<typeof messageRecordSchema>;

/** A message's place in its conversation's tree (message-tree.ts), without its content. */
export type TreeNode = Pick<MessageRecord, 'messageId' | 'parentId'>;

export type MessageChanges = Partial<
  Pick<
    MessageRecord,
    | 'content'
    | 'status'
    | 'isError'
    | 'toolCalls'
    | 'processingSteps'
    | 'mcpUsedId'
    | 'attachments'
    | 'leaseExpiresAt'
    | 'toolApproval'
    | 'toolsOffered'
    | 'sources'
    | 'citations'
    | 'memoryDecisions'
  >
>;

/** The decision on a paused reply's tool call, and the lease of the stream that goes on with it. */
export interface ApprovalClaim {
  toolCallId: string;
  decision: ToolApprovalDecision;
  decidedAt: number;
  lease: { leaseExpiresAt: number; leaseShard: string; reservations: Record<string, never> };
}

/** `interrupted`: the reply's lease ran out and the sweep ended it (its writer was presumed dead). */
export type SaveOutcome =
  | { status: 'saved' }
  | { status: 'stop-requested'; stopAt?: number }
  | { status: 'gone' }
  | { status: 'interrupted' };

export interface MessagePageOptions {
  limit: number;
  cursor?: string | undefined;
  order?: 'oldest' | 'newest' | undefined;
  /** The branch shown (default), or every message of the tree. */
  branches?: 'shown' | 'all' | undefined;
}

export interface MessageRepository {
  create(record: MessageRecord): Promise<void>;
  get(conversationId: string, messageId: string): Promise<MessageRecord | undefined>;
  /** Every message of the conversation, by id (one query, paged by DynamoDB's 1 MB). */
  listAll(conversationId: string): Promise<MessageRecord[]>;
  /** Every message's id and parent, by id: the tree without the content (one query, projected). */
  listTree(conversationId: string): Promise<TreeNode[]>;
  /** The messages of `messageIds` (a page's: at most a few hundred), in that order; missing ones left out. */
  getMany(conversationId: string, messageIds: readonly string[]): Promise<MessageRecord[]>;
  update(conversationId: string, messageId: string, changes: MessageChanges): Promise<void>;
  /**
   * A save while the reply streams: it happens only while the message exists and no stop was
   * requested, so the save itself is the stop check (no reads) and never recreates a deleted message.
   */
  saveProgress(conversationId: string, messageId: string, changes: MessageChanges): Promise<SaveOutcome>;
  /**
   * The reply's last write, which ends its lease; false when the message is gone (its conversation
   * was deleted) or no longer streaming (the sweep ended it).
   */
  finish(conversationId: string, messageId: string, changes: MessageChanges): Promise<boolean>;
  /** `shownChars`: how much of the reply the user had seen (what a stopped reply keeps). */
  requestStop(conversationId: string, messageId: string, shownChars?: number): Promise<void>;
  /**
   * Decides a paused reply's pending tool call and makes the reply streaming again, in one
   * conditional write: true for exactly one of any number of concurrent claims (a second tab, a
   * retried request), false for the others and once it was decided.
   */
  claimApproval(conversationId: string, messageId: string, claim: ApprovalClaim): Promise<boolean>;
  deleteAll(conversationId: string): Promise<void>;
}
