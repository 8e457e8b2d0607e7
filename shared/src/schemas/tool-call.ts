import * as z from 'zod/mini';
import { TOOL_CALL_STATUSES } from '../statuses';
import { toolProgressSchema } from './tool-call-run';

export const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TOOL_CALL_STATUSES),
  input: z.optional(z.unknown()),
  result: z.optional(z.unknown()),
  error: z.optional(z.string()),
  /** Epoch milliseconds. */
  timestamp: z.optional(z.number()),
  /** The MCP server that ran it, and its name then (a chat may use several servers). */
  serverId: z.optional(z.string()),
  serverName: z.optional(z.string()),
  /** The server's latest progress while the call runs (MCP `notifications/progress`). */
  progress: z.optional(toolProgressSchema),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

/** One entry of a message's processing trail (API calls, tool calls, ...), as the stream reported it. */
export const processingStepSchema = z.object({
  type: z.string(),
  /** Epoch milliseconds. */
  timestamp: z.number(),
  status: z.optional(z.string()),
  info: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
export type ProcessingStep = z.infer<typeof processingStepSchema>;

/** A tool an MCP server offers, as MCP's tools/list describes it. */
export const availableToolSchema = z.object({
  name: z.string(),
  description: z.optional(z.string()),
  inputSchema: z.optional(z.record(z.string(), z.unknown())),
});
export type AvailableTool = z.infer<typeof availableToolSchema>;

/**
 * The tools a reply offered the model (docs/decisions/mcp-servers.md, "Tool selection"): past the
 * budget only the turn's most relevant ones and `search_tools` (`selected`), plus those it found.
 */
export const toolsOfferedSchema = z.object({
  names: z.array(z.string()),
  /** How many tools the attached servers have (those not set to 'never'). */
  total: z.number().check(z.int(), z.nonnegative()),
  selected: z.boolean(),
});
export type ToolsOffered = z.infer<typeof toolsOfferedSchema>;
