import type { ToolResult } from '../../domain/chat/ports.js';
import type { McpConnection, McpConnector } from '../../domain/mcp/mcp-tool-source.js';

interface ContentBlock {
  type: string;
  text?: string;
}

/** What the model gets back from a tool: its text blocks; other blocks named by type. */
export function toolResultText(content: readonly ContentBlock[] | undefined): string {
  return (content ?? [])
    .map((block) => (block.type === 'text' ? (block.text ?? '') : `[${block.type}]`))
    .join('\n');
}

/**
 * MCP over Streamable HTTP to the gateway (`<gatewayBase>/mcp-gateway/<serverId>`), as the
 * caller (their ID token), so the chat reaches tools the one way everything else does. The SDK is
 * imported lazily: only conversations with a server pay for it. `headers`: sent with every
 * request (the API key on AWS).
 */
export function createGatewayConnector(
  gatewayBase: string,
  headers: Readonly<Record<string, string>> = {},
): McpConnector {
  return async ({ serverId, idToken }): Promise<McpConnection> => {
    const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    ]);
    const client = new Client({ name: 'agentforge-chat', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL(`${gatewayBase}/mcp-gateway/${encodeURIComponent(serverId)}`),
        {
          requestInit: { headers: { ...headers, Authorization: `Bearer ${idToken}` } },
        },
      ),
    );
    return {
      async listTools() {
        const { tools } = await client.listTools();
        return tools.map((tool) => ({
          name: tool.name,
          ...(tool.description ? { description: tool.description } : {}),
          inputSchema: tool.inputSchema as Record<string, unknown>,
          ...(tool.annotations
            ? {
                annotations: {
                  ...(tool.annotations.readOnlyHint !== undefined && {
                    readOnlyHint: tool.annotations.readOnlyHint,
                  }),
                  ...(tool.annotations.destructiveHint !== undefined && {
                    destructiveHint: tool.annotations.destructiveHint,
                  }),
                },
              }
            : {}),
        }));
      },
      async callTool(name, input, signal): Promise<ToolResult> {
        const result = await client.callTool(
          { name, arguments: (input ?? {}) as Record<string, unknown> },
          undefined,
          { signal },
        );
        return {
          content: toolResultText(result.content as ContentBlock[]),
          isError: result.isError === true,
        };
      },
    };
  };
}
