import type { APIGatewayProxyEvent } from 'aws-lambda';
import { forwardToBridge } from '../../adapters/mcp-client/bridge-forwarder.js';
import { mcpServerService } from '../../composition/mcp.js';
import type { McpServerRecord } from '../../domain/mcp/mcp-server.js';

/** Forwards one MCP message to the server's bridge and records the activity the reaper reads. */
export async function forward(record: McpServerRecord, message: unknown, event: APIGatewayProxyEvent) {
  const servers = mcpServerService();
  const target = servers.gatewayTarget(record);
  const protocolVersion = event.headers['mcp-protocol-version'] ?? event.headers['MCP-Protocol-Version'];
  const response = await forwardToBridge({
    ...target,
    message,
    ...(protocolVersion ? { protocolVersion } : {}),
  });
  await servers.recordActivity(record);
  return response;
}
