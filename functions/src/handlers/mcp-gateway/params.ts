import * as z from 'zod';

export const gatewayParams = z.object({ serverId: z.string().min(1).max(64) });
/** A JSON-RPC message or batch; the bridge validates the MCP semantics. */
export const mcpMessage = z.union([
  z.record(z.string(), z.unknown()),
  z.array(z.record(z.string(), z.unknown())),
]);
