import { createGatewayConnector } from '../adapters/mcp-client/gateway-connector.js';
import { createServerApiClient } from '../adapters/mcp-client/server-api-client.js';
import type { ToolSource } from '../domain/chat/ports.js';
import { createMcpToolSource } from '../domain/mcp/mcp-tool-source.js';
import { API_KEY_HEADER } from '../routes.js';
import { remoteMcpConnector } from './remote-mcp.js';
import { env, required } from './root.js';

/** How long the chat waits for a stopped server to start on demand. */
const START_ON_DEMAND_TIMEOUT_MS = 120_000;

let tools: Required<ToolSource> | undefined;
function build(): Required<ToolSource> {
  const apiBase = required('API_BASE_URL');
  // On AWS the API answers only requests with its key (CloudFront's, or this one).
  const headers: Record<string, string> = env.API_ORIGIN_KEY ? { [API_KEY_HEADER]: env.API_ORIGIN_KEY } : {};
  tools ??= createMcpToolSource({
    servers: createServerApiClient(apiBase, headers),
    connect: createGatewayConnector(apiBase, headers),
    connectRemote: remoteMcpConnector(),
    startTimeoutMs: START_ON_DEMAND_TIMEOUT_MS,
    pollIntervalMs: 1_000,
  });
  return tools;
}

/**
 * The chat's MCP tools, through the API as the caller (the MCP API starts servers, its gateway
 * reaches them), so the stream function needs neither the runner's configuration nor its grants.
 * Built on first use: a chat without a server never needs the API's URL.
 */
export function mcpToolSource(): Required<ToolSource> {
  return {
    forServer: (...args) => build().forServer(...args),
    allowAlways: (...args) => build().allowAlways(...args),
  };
}
