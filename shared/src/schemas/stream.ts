import * as z from 'zod/mini';
import { MAX_ID_LENGTH, MAX_MODEL_ID_LENGTH, MAX_PROVIDER_ID_LENGTH } from '../constants/limits';
import { agentPlanSchema } from './agent';
import { attachmentIdsField } from './attachment';
import { serverIdsQueryField } from './chat-servers';
import { knowledgeCitationsSchema } from './knowledge';
import { toolsOfferedSchema } from './tool-call';
import { toolProgressSchema } from './tool-call-run';
import { toolApprovalQueryFields, toolApprovalSchema } from './tool-policy';
import { webSourcesSchema } from './web-source';

/**
 * The spec's `triggerContent`, kept for short prompts of API clients: the web app never sends text
 * in a URL (it saves the message with POST /messages or PUT …/messages/{id} and streams by id).
 * Longer text would not pass CloudFront (8,192-byte URLs) and the WAF (2,048-byte query strings).
 */
export const MAX_TRIGGER_CONTENT_LENGTH = 1_500;

/** GET /messages/generate-stream query. */
export const streamQuerySchema = z.object({
  conversationId: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  provider: z.string().check(z.minLength(1), z.maxLength(MAX_PROVIDER_ID_LENGTH)),
  model: z.string().check(z.minLength(1), z.maxLength(MAX_MODEL_ID_LENGTH)),
  /** One server (before several servers per chat; still accepted): read as `mcpServerIds` of one. */
  mcpServerId: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
  /** The servers whose tools the reply may use, comma-separated (chat-servers.ts); recorded on the conversation. */
  mcpServerIds: z.optional(serverIdsQueryField),
  /** A short user message that triggered the reply, when it was not saved before the stream started. */
  triggerContent: z.optional(
    z
      .string()
      .check(
        z.maxLength(
          MAX_TRIGGER_CONTENT_LENGTH,
          `Too long for a URL: save the message with POST /messages, then stream without triggerContent`,
        ),
      ),
  ),
  /**
   * Regenerate: the new reply is this message's sibling (the reply to the history before it, after
   * `triggerContent` when given) and is shown; this message and the turns after it stay, as a branch.
   */
  replaceFrom: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH))),
  /**
   * Files uploaded for the message the reply answers (the trigger, else the last user message):
   * comma-separated ids, at most MAX_ATTACHMENTS_PER_MESSAGE.
   */
  attachmentIds: z.optional(attachmentIdsField),
  /**
   * 'Use my documents' for this message: the conversation's attached knowledge collections are
   * searched with the message before the model call, and the top passages go in the turn, numbered
   * as the reply's citations (ignored when the conversation attaches none).
   */
  useDocuments: z.optional(z.literal('true')),
  /** A decision on the tool call the reply `approvalFor` paused at: that reply goes on (tool-policy.ts). */
  ...toolApprovalQueryFields,
});
export type StreamQuery = z.infer<typeof streamQuerySchema>;

/** What a finished stream resolves to; the `end` event carries exactly this. */
export const streamCompletionResultSchema = z.object({
  status: z.literal('completed'),
  messageId: z.string().check(z.minLength(1)),
  provider: z.string().check(z.minLength(1)),
  model: z.string().check(z.minLength(1)),
  /** Epoch milliseconds. */
  timestamp: z.number(),
  mcpUsedId: z.optional(z.string()),
  toolCallsCount: z.optional(z.number().check(z.int(), z.nonnegative())),
  toolsOffered: z.optional(toolsOfferedSchema),
  /** The pages the reply's web search found (docs/decisions/chat.md, "Web search"). */
  sources: z.optional(webSourcesSchema),
  /** The knowledge passages the reply cites, numbered as it cites them (message.citations). */
  citations: z.optional(knowledgeCitationsSchema),
});
export type StreamCompletionResult = z.infer<typeof streamCompletionResultSchema>;

const event = <T extends string, S extends z.core.$ZodShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), ...shape });

const toolCallRef = { toolCallId: z.string(), name: z.string() };

export const messageDeltaEventSchema = event('message_delta', { chunk: z.string() });
/** A status update; `complete` with a messageId also finishes the stream. */
export const statusEventSchema = event('status', {
  status: z.string(),
  messageId: z.optional(z.string()),
  /** `connecting`: the name of the server being started (several may start at once). */
  server: z.optional(z.string()),
});
export const endEventSchema = z.extend(streamCompletionResultSchema, { type: z.literal('end') });
export const errorEventSchema = event('error', { message: z.string(), code: z.optional(z.string()) });
/** The model asked for a tool; of the server named (a chat may use several). */
export const toolUseReceivedEventSchema = event('tool_use_received', {
  ...toolCallRef,
  input: z.unknown(),
  serverId: z.optional(z.string()),
  serverName: z.optional(z.string()),
});
/**
 * The tool is being called on the MCP server; sent again with `progress` each time the server
 * reports progress on a long call.
 */
export const toolCallEventSchema = event('tool_call', {
  ...toolCallRef,
  input: z.unknown(),
  progress: z.optional(toolProgressSchema),
});
export const toolExecutionSuccessEventSchema = event('tool_execution_success', {
  ...toolCallRef,
  result: z.unknown(),
});
/** The tool's result as handed back to the model. */
export const toolResultEventSchema = event('tool_result', { ...toolCallRef, result: z.unknown() });
export const toolExecutionErrorEventSchema = event('tool_execution_error', {
  ...toolCallRef,
  error: z.string(),
});
/** The tool failed as the model sees it (including an unknown tool). */
export const toolErrorEventSchema = event('tool_error', { ...toolCallRef, error: z.string() });
export const apiCallStartedEventSchema = event('api_call_started', {
  provider: z.string(),
  model: z.string(),
  /** 1-based round of the tool loop. */
  iteration: z.optional(z.number().check(z.int(), z.positive())),
});
export const apiCallCompletedEventSchema = event('api_call_completed', {
  provider: z.string(),
  model: z.string(),
  iteration: z.optional(z.number().check(z.int(), z.positive())),
  inputTokens: z.optional(z.number().check(z.int(), z.nonnegative())),
  outputTokens: z.optional(z.number().check(z.int(), z.nonnegative())),
  stopReason: z.optional(z.string()),
});

/** Agent streams: the plan as it now is (proposed, or revised by a Generic Agent re-plan). */
export const planEventSchema = event('plan', { plan: agentPlanSchema });
/** Agent streams: a step changed status; the plan as it now is. */
export const planStepEventSchema = event('plan_step', {
  stepId: z.string(),
  status: z.string(),
  plan: agentPlanSchema,
});

/**
 * After the `end` of a new conversation's first reply: the short title the model wrote for it, now
 * saved (the stream stays open for it; a rename made meanwhile wins, and then none is sent).
 */
export const conversationTitleEventSchema = event('conversation_title', {
  conversationId: z.string(),
  title: z.string().check(z.minLength(1)),
});

/** The reply paused at a tool call that needs the user's approval; its `end` follows. */
export const toolApprovalEventSchema = event('tool_approval', { approval: toolApprovalSchema });

export const streamEventSchema = z.discriminatedUnion('type', [
  messageDeltaEventSchema,
  statusEventSchema,
  endEventSchema,
  errorEventSchema,
  toolCallEventSchema,
  toolUseReceivedEventSchema,
  toolResultEventSchema,
  toolExecutionSuccessEventSchema,
  toolErrorEventSchema,
  toolExecutionErrorEventSchema,
  apiCallStartedEventSchema,
  apiCallCompletedEventSchema,
  planEventSchema,
  planStepEventSchema,
  conversationTitleEventSchema,
  toolApprovalEventSchema,
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;
export type StreamEventType = StreamEvent['type'];
export type StreamEventOf<T extends StreamEventType> = Extract<StreamEvent, { type: T }>;

export const STREAM_EVENT_TYPES = [
  'message_delta',
  'status',
  'end',
  'error',
  'tool_call',
  'tool_use_received',
  'tool_result',
  'tool_execution_success',
  'tool_error',
  'tool_execution_error',
  'api_call_started',
  'api_call_completed',
  'plan',
  'plan_step',
  'conversation_title',
  'tool_approval',
] as const satisfies readonly StreamEventType[];
