import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../constants/limits';

/**
 * A long MCP tool call through the gateway (docs/decisions/mcp-servers.md, "AWS first use: long
 * tool calls"): started, read while it runs (each read a long poll under API Gateway's 29 s) and
 * cancelled, so a tool may run for minutes while every request stays short.
 */

/** The longest a chat's or an agent step's tool call may run before it is stopped. */
export const MAX_TOOL_CALL_MINUTES = 8;

/** One MCP `notifications/progress` of a running tool call, as the server sent it. */
export const toolProgressSchema = z.object({
  progress: z.number(),
  total: z.optional(z.number()),
  message: z.optional(z.string().check(z.maxLength(1_000))),
});
export type ToolProgress = z.infer<typeof toolProgressSchema>;

/** POST /mcp-gateway/{serverId}/calls */
export const toolCallStartSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(256)),
  arguments: z.optional(z.record(z.string(), z.unknown())),
});
export type ToolCallStart = z.infer<typeof toolCallStartSchema>;

export const toolCallRunParamsSchema = z.object({
  serverId: z.string().check(z.minLength(1), z.maxLength(64)),
  callId: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
});

/** GET /mcp-gateway/{serverId}/calls/{callId}: answers once progress after `after` came, or the call ended. */
export const toolCallReadQuerySchema = z.object({
  after: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
});

export const TOOL_CALL_RUN_STATUSES = ['running', 'done', 'error', 'cancelled'] as const;

/** What every call route answers: the call as it now is. */
export const toolCallRunSchema = z.object({
  callId: z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH)),
  status: z.enum(TOOL_CALL_RUN_STATUSES),
  /** Progress kept since the call started (the latest few), numbered from 1. */
  progress: z
    .array(z.extend(toolProgressSchema, { seq: z.number().check(z.int(), z.positive()) }))
    .check(z.maxLength(100)),
  /** The MCP `CallToolResult` once `done`. */
  result: z.optional(z.unknown()),
  /** Why it ended in `error` (or was cancelled). */
  error: z.optional(z.string().check(z.maxLength(2_000))),
});
export type ToolCallRun = z.infer<typeof toolCallRunSchema>;
