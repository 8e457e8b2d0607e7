import type { ToolResult } from '../../domain/chat/ports.js';
import type { McpConnection, McpConnector } from '../../domain/mcp/mcp-tool-source.js';
import { runLongToolCall } from './long-tool-call.js';
import { toModelTools } from './model-tools.js';

/**
 * MCP over Streamable HTTP to the gateway (`<gatewayBase>/<path>/<serverId>`), as the caller: the
 * chat with their ID token (`mcp-gateway`), an automation run with its credential
 * (`mcp-automation`), so both reach tools the one way everything else does; tool calls
 * go through the gateway's call routes, so they may run for minutes (long-tool-call.ts). The SDK
 * is imported lazily: only conversations with a server pay for it. `headers`: sent with every
 * request (the API key on AWS).
 */
export function createGatewayConnector(
  gatewayBase: string,
  headers: Readonly<Record<string, string>> = {},
  path: 'mcp-gateway' | 'mcp-automation' = 'mcp-gateway',
): McpConnector {
  return async ({ serverId, bearer }): Promise<McpConnection> => {
    const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    ]);
    const client = new Client({ name: 'agentforge-chat', version: '1.0.0' });
    const serverUrl = `${gatewayBase}/${path}/${encodeURIComponent(serverId)}`;
    const asCaller = { ...headers, Authorization: `Bearer ${bearer}` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serverUrl), { requestInit: { headers: asCaller } }),
    );
    return {
      async listTools() {
        return toModelTools((await client.listTools()).tools);
      },
      callTool(name, input, signal, onProgress): Promise<ToolResult> {
        return runLongToolCall({
          serverUrl,
          headers: asCaller,
          name,
          arguments: (input ?? {}) as Record<string, unknown>,
          signal,
          onProgress,
        });
      },
    };
  };
}
