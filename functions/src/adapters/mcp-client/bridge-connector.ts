import type { ToolResult } from '../../domain/chat/ports.js';
import type { McpConnection } from '../../domain/mcp/mcp-tool-source.js';
import { type ContentBlock, maxToolCallMs, toolResultText } from './long-tool-call.js';
import { toModelTools } from './model-tools.js';

/**
 * MCP over Streamable HTTP straight to a running server's bridge (its run's endpoint and bearer
 * token), for the automation runner: it runs in a Lambda of its own (no API Gateway 29 s), and
 * acts for a person without their ID token, so it does not go through the gateway's routes.
 * `onActivity`: after each request, so the reaper sees the server in use.
 */
export async function connectToBridge(target: {
  endpoint: string;
  bridgeToken: string;
  onActivity: () => Promise<void>;
}): Promise<McpConnection> {
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const client = new Client({ name: 'agentforge-automation', version: '1.0.0' });
  const headers = { Authorization: `Bearer ${target.bridgeToken}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${target.endpoint}/mcp`), { requestInit: { headers } }),
  );
  return {
    async listTools() {
      const { tools } = await client.listTools();
      await target.onActivity();
      return toModelTools(tools);
    },
    async callTool(name, input, signal): Promise<ToolResult> {
      const result = await client.callTool(
        { name, arguments: (input ?? {}) as Record<string, unknown> },
        undefined,
        { signal, timeout: maxToolCallMs(), resetTimeoutOnProgress: true },
      );
      await target.onActivity();
      return {
        content: toolResultText(result.content as ContentBlock[] | undefined),
        isError: result.isError === true,
      };
    },
  };
}
