import * as z from 'zod';
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
  total: z.number().optional(),
  message: z.string().max(1_000).optional(),
});
export type ToolProgress = z.infer<typeof toolProgressSchema>;

/** POST /mcp-gateway/{serverId}/calls */
export const toolCallStartSchema = z.object({
  name: z.string().min(1).max(256),
  arguments: z.record(z.string(), z.unknown()).optional(),
});
export type ToolCallStart = z.infer<typeof toolCallStartSchema>;

export const toolCallRunParamsSchema = z.object({
  serverId: z.string().min(1).max(64),
  callId: z.string().min(1).max(MAX_ID_LENGTH),
});

/** GET /mcp-gateway/{serverId}/calls/{callId}: answers once progress after `after` came, or the call ended. */
export const toolCallReadQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const TOOL_CALL_RUN_STATUSES = ['running', 'done', 'error', 'cancelled'] as const;

/** What every call route answers: the call as it now is. */
export const toolCallRunSchema = z.object({
  callId: z.string().min(1).max(MAX_ID_LENGTH),
  status: z.enum(TOOL_CALL_RUN_STATUSES),
  /** Progress kept since the call started (the latest few), numbered from 1. */
  progress: z.array(toolProgressSchema.extend({ seq: z.number().int().positive() })).max(100),
  /** The MCP `CallToolResult` once `done`. */
  result: z.unknown().optional(),
  /** Why it ended in `error` (or was cancelled). */
  error: z.string().max(2_000).optional(),
});
export type ToolCallRun = z.infer<typeof toolCallRunSchema>;
