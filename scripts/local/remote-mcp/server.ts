import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';

/**
 * A real remote MCP server for the local stack (issue 30 item 1), on its own port:
 * - `/keyed/mcp`: Streamable HTTP, for requests carrying its API key (`X-API-Key`, a static header);
 * - `/legacy/sse` (+ `/legacy/messages`): the older HTTP+SSE transport, same key, for the fallback.
 */
export interface LocalRemoteMcpOptions {
  port: number;
  apiKey: string;
}

export interface LocalRemoteMcp {
  url: string;
  keyedUrl: string;
  legacyUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

function toolServer(): McpServer {
  const server = new McpServer({ name: 'agentforge-local-remote', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes the message back', inputSchema: { message: z.string() } },
    async ({ message }) => ({ content: [{ type: 'text', text: message }] }),
  );
  server.registerTool(
    'repeat',
    {
      description: 'Answers the letter x, `count` times (a large answer)',
      inputSchema: { count: z.number().int().min(0).max(20_000_000) },
    },
    async ({ count }) => ({ content: [{ type: 'text', text: 'x'.repeat(count) }] }),
  );
  return server;
}

const refuse = (res: ServerResponse, status: number, message: string) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: message }));

export async function startLocalRemoteMcp(options: LocalRemoteMcpOptions): Promise<LocalRemoteMcp> {
  const legacySessions = new Map<string, SSEServerTransport>();

  async function streamable(req: IncomingMessage, res: ServerResponse) {
    // Stateless: a server and transport per request, as the SDK's stateless example does.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = toolServer();
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }

  async function legacy(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (url.pathname === '/legacy/sse') {
      // The older transport: GET opens the stream; a Streamable HTTP POST gets 405 (the client's cue).
      if (req.method !== 'GET') return refuse(res, 405, 'Method not allowed');
      const transport = new SSEServerTransport('/legacy/messages', res);
      legacySessions.set(transport.sessionId, transport);
      res.on('close', () => legacySessions.delete(transport.sessionId));
      await toolServer().connect(transport);
      return;
    }
    const transport = legacySessions.get(url.searchParams.get('sessionId') ?? '');
    if (!transport) return refuse(res, 404, 'Unknown session');
    await transport.handlePostMessage(req, res);
  }

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handle = async () => {
      if (url.pathname !== '/keyed/mcp' && !url.pathname.startsWith('/legacy/'))
        return refuse(res, 404, 'Not found');
      if (req.headers['x-api-key'] !== options.apiKey) return refuse(res, 401, 'Missing or wrong X-API-Key');
      if (url.pathname === '/keyed/mcp') return streamable(req, res);
      return legacy(req, res, url);
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, error instanceof Error ? error.message : 'Internal error');
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port, '127.0.0.1', resolve));
  const url = `http://localhost:${(http.address() as AddressInfo).port}`;
  return {
    url,
    keyedUrl: `${url}/keyed/mcp`,
    legacyUrl: `${url}/legacy/sse`,
    apiKey: options.apiKey,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const transport of legacySessions.values()) void transport.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
