import * as z from 'zod';
import { TOOL_CALL_STATUSES } from '../statuses';
import { toolProgressSchema } from './tool-call-run';

export const toolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TOOL_CALL_STATUSES),
  input: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.string().optional(),
  /** Epoch milliseconds. */
  timestamp: z.number().optional(),
  /** The MCP server that ran it, and its name then (a chat may use several servers). */
  serverId: z.string().optional(),
  serverName: z.string().optional(),
  /** The server's latest progress while the call runs (MCP `notifications/progress`). */
  progress: toolProgressSchema.optional(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

/** One entry of a message's processing trail (API calls, tool calls, ...), as the stream reported it. */
export const processingStepSchema = z.object({
  type: z.string(),
  /** Epoch milliseconds. */
  timestamp: z.number(),
  status: z.string().optional(),
  info: z.string().optional(),
  data: z.unknown().optional(),
});
export type ProcessingStep = z.infer<typeof processingStepSchema>;

/** A tool an MCP server offers, as MCP's tools/list describes it. */
export const availableToolSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()).optional(),
});
export type AvailableTool = z.infer<typeof availableToolSchema>;

/**
 * The tools a reply offered the model (docs/decisions/mcp-servers.md, "Tool selection"): past the
 * budget only the turn's most relevant ones and `search_tools` (`selected`), plus those it found.
 */
export const toolsOfferedSchema = z.object({
  names: z.array(z.string()),
  /** How many tools the attached servers have (those not set to 'never'). */
  total: z.number().int().nonnegative(),
  selected: z.boolean(),
});
export type ToolsOffered = z.infer<typeof toolsOfferedSchema>;
