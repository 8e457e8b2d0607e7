import * as z from 'zod/mini';
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
  index: z.number().check(z.int(), z.positive()),
  description: z.string(),
  role: z.optional(z.string()),
});
export type AgentStepRef = z.infer<typeof agentStepRefSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  content: z._default(z.string(), MESSAGE_CONTENT_MISSING),
  role: z.enum(MESSAGE_ROLES),
  isError: z.optional(z.boolean()),
  isLoading: z.optional(z.boolean()),
  toolCalls: z.optional(z.array(toolCallSchema)),
  processingSteps: z.optional(z.array(processingStepSchema)),
  availableTools: z.optional(z.array(availableToolSchema)),
  mcpUsedId: z.optional(z.string()),
  provider: z.optional(z.string()),
  model: z.optional(z.string()),
  /** Epoch milliseconds. */
  timestamp: z.number(),
  userId: z.optional(z.string()),
  agentStep: z.optional(agentStepRefSchema),
  /** Files sent with a user message (issue 17). */
  attachments: z.optional(z.array(attachmentSchema)),
  /** A reply paused at a tool call for the user's approval (and, once decided, the decision). */
  toolApproval: z.optional(toolApprovalSchema),
  /** The tools the reply offered the model (a server attached). */
  toolsOffered: z.optional(toolsOfferedSchema),
  /** The pages the reply's web search found, numbered as the model cites them. */
  sources: z.optional(webSourcesSchema),
  /** The knowledge passages the reply searched, numbered as it cites them. */
  citations: z.optional(knowledgeCitationsSchema),
  /** Save or Dismiss on the reply's memory proposals, by tool call id (shown after a reload). */
  memoryDecisions: z.optional(memoryDecisionsSchema),
  /**
   * The message it answers or follows (null: the conversation's first turn). Regenerate and edit
   * add a sibling (same parent), so a conversation is a tree; its reads show one path of it.
   */
  parentId: z.optional(z.nullable(z.string())),
  /** On a message with alternatives: its siblings' ids (itself included), oldest first. */
  siblingIds: z.optional(z.array(z.string())),
});
export type Message = z.infer<typeof messageSchema>;

/** POST /messages */
/** Longest message the API stores (a large paste of code still fits; DynamoDB items stop at 400 KB). */
export const MAX_MESSAGE_LENGTH = 100_000;

export const createMessageBodySchema = z.object({
  conversationId: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  content: z.string().check(
    z.maxLength(MAX_MESSAGE_LENGTH, CHAT_MESSAGES.messageTooLong),
    z.refine((content) => content.trim().length > 0, CHAT_MESSAGES.emptyMessage),
  ),
  role: z.enum(MESSAGE_ROLES),
  provider: z.string().check(z.minLength(1), z.maxLength(MAX_PROVIDER_ID_LENGTH)),
  model: z.string().check(z.minLength(1), z.maxLength(MAX_MODEL_ID_LENGTH)),
  /**
   * Not in the spec's body. Edit and resend: the edited message's parent (null: the first turn), so
   * the new message is its sibling and the old turns stay as a branch. Absent: after the last
   * message shown.
   */
  parentId: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)))),
});
export type CreateMessageBody = z.infer<typeof createMessageBodySchema>;

/**
 * PUT /conversations/{id}/messages/{messageId}: a user message's text changed in place (API clients;
 * the web app's edit and resend posts a sibling instead: `parentId`). Text travels in bodies, never in URLs.
 */
export const updateMessageBodySchema = z.catchall(
  z.pick(createMessageBodySchema, { content: true }),
  z.never(),
);

/**
 * PUT /conversations/{id}/branch: show the branch through `messageId` (a message of the
 * conversation): its ancestors, it, and from it on the continuation written to last.
 */
export const selectBranchBodySchema = z.strictObject({
  messageId: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
});
export type SelectBranchBody = z.infer<typeof selectBranchBodySchema>;
export type UpdateMessageBody = z.infer<typeof updateMessageBodySchema>;

/** POST /conversations/{id}/messages/{messageId}/stop: how much of the reply the user had been shown. */
export const stopMessageBodySchema = z.optional(
  z.object({ shownChars: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10_000_000))) }),
);
export type StopMessageBody = z.infer<typeof stopMessageBodySchema>;
