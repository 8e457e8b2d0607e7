import * as z from 'zod';
import { MAX_ID_LENGTH, MAX_MODEL_ID_LENGTH, MAX_PROVIDER_ID_LENGTH } from '../constants/limits';
import { MESSAGE_CONTENT_MISSING } from '../constants/product';
import { CHAT_MESSAGES } from '../messages/chat';
import { attachmentSchema } from './attachment';
import { knowledgeCitationsSchema } from './knowledge';
import { memoryDecisionsSchema } from './memory';
import { availableToolSchema, processingStepSchema, toolCallSchema, toolsOfferedSchema } from './tool-call';
import { toolApprovalSchema } from './tool-policy';
import { webSourcesSchema } from './web-source';

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** A message written by a plan step: its output and tool calls, so the history tells the plan's story. */
export const agentStepRefSchema = z.object({
  planId: z.string(),
  stepId: z.string(),
  /** 1-based position of the step in the plan when it ran. */
  index: z.number().int().positive(),
  description: z.string(),
  role: z.string().optional(),
});
export type AgentStepRef = z.infer<typeof agentStepRefSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  content: z.string().default(MESSAGE_CONTENT_MISSING),
  role: z.enum(MESSAGE_ROLES),
  isError: z.boolean().optional(),
  isLoading: z.boolean().optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  processingSteps: z.array(processingStepSchema).optional(),
  availableTools: z.array(availableToolSchema).optional(),
  mcpUsedId: z.string().optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
  /** Epoch milliseconds. */
  timestamp: z.number(),
  userId: z.string().optional(),
  agentStep: agentStepRefSchema.optional(),
  /** Files sent with a user message (issue 17). */
  attachments: z.array(attachmentSchema).optional(),
  /** A reply paused at a tool call for the user's approval (and, once decided, the decision). */
  toolApproval: toolApprovalSchema.optional(),
  /** The tools the reply offered the model (a server attached). */
  toolsOffered: toolsOfferedSchema.optional(),
  /** The pages the reply's web search found, numbered as the model cites them. */
  sources: webSourcesSchema.optional(),
  /** The knowledge passages the reply searched, numbered as it cites them. */
  citations: knowledgeCitationsSchema.optional(),
  /** Save or Dismiss on the reply's memory proposals, by tool call id (shown after a reload). */
  memoryDecisions: memoryDecisionsSchema.optional(),
  /**
   * The message it answers or follows (null: the conversation's first turn). Regenerate and edit
   * add a sibling (same parent), so a conversation is a tree; its reads show one path of it.
   */
  parentId: z.string().nullable().optional(),
  /** On a message with alternatives: its siblings' ids (itself included), oldest first. */
  siblingIds: z.array(z.string()).optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** POST /messages */
/** Longest message the API stores (a large paste of code still fits; DynamoDB items stop at 400 KB). */
export const MAX_MESSAGE_LENGTH = 100_000;

export const createMessageBodySchema = z.object({
  conversationId: z.string().min(1).max(MAX_ID_LENGTH),
  content: z
    .string()
    .max(MAX_MESSAGE_LENGTH, CHAT_MESSAGES.messageTooLong)
    .refine((content) => content.trim().length > 0, CHAT_MESSAGES.emptyMessage),
  role: z.enum(MESSAGE_ROLES),
  provider: z.string().min(1).max(MAX_PROVIDER_ID_LENGTH),
  model: z.string().min(1).max(MAX_MODEL_ID_LENGTH),
  /**
   * Not in the spec's body. Edit and resend: the edited message's parent (null: the first turn), so
   * the new message is its sibling and the old turns stay as a branch. Absent: after the last
   * message shown.
   */
  parentId: z.string().min(1).max(MAX_ID_LENGTH).nullable().optional(),
});
export type CreateMessageBody = z.infer<typeof createMessageBodySchema>;

/**
 * PUT /conversations/{id}/messages/{messageId}: a user message's text changed in place (API clients;
 * the web app's edit and resend posts a sibling instead: `parentId`). Text travels in bodies, never in URLs.
 */
export const updateMessageBodySchema = createMessageBodySchema.pick({ content: true }).strict();

/**
 * PUT /conversations/{id}/branch: show the branch through `messageId` (a message of the
 * conversation): its ancestors, it, and from it on the continuation written to last.
 */
export const selectBranchBodySchema = z.strictObject({ messageId: z.string().min(1).max(MAX_ID_LENGTH) });
export type SelectBranchBody = z.infer<typeof selectBranchBodySchema>;
export type UpdateMessageBody = z.infer<typeof updateMessageBodySchema>;

/** POST /conversations/{id}/messages/{messageId}/stop: how much of the reply the user had been shown. */
export const stopMessageBodySchema = z
  .object({ shownChars: z.number().int().min(0).max(10_000_000).optional() })
  .optional();
export type StopMessageBody = z.infer<typeof stopMessageBodySchema>;
