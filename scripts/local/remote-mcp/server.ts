import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';
import { createLocalOAuthProvider, type LocalOAuthEvent } from './oauth-provider.js';

/**
 * A real remote MCP server for the local stack (issue 30 item 1), on its own port:
 * - `/mcp`: Streamable HTTP behind its own OAuth authorization server (protected resource metadata,
 *   RFC 8414 metadata, dynamic registration (which can be off) and a client registered by hand, a consent page, PKCE, short-lived tokens, rotating
 *   refresh tokens, revocation: oauth-provider.ts);
 * - `/keyed/mcp`: Streamable HTTP, for requests carrying its API key (`X-API-Key`, a static header);
 * - `/legacy/sse` (+ `/legacy/messages`): the older HTTP+SSE transport, same key, for the fallback.
 */
export interface LocalRemoteMcpOptions {
  port: number;
  apiKey: string;
  /** How long its access tokens live (default 10 minutes; tests make them expire sooner). */
  accessTokenTtlSeconds?: number;
  /** The authorization server's clock (tests move it on to make tokens expire). */
  now?: () => number;
  /**
   * Off: the authorization server registers no clients itself (RFC 7591), as many do; the client
   * registered by hand is then the only way in (default on).
   */
  dynamicRegistration?: boolean;
  /** Where the client registered by hand may be sent back (the app's OAuth callback pages). */
  redirectUris?: readonly string[];
}

const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 600;
const TOOLS_SCOPE = 'tools';

export interface LocalRemoteMcp {
  url: string;
  /** The OAuth-protected endpoint. */
  mcpUrl: string;
  keyedUrl: string;
  legacyUrl: string;
  apiKey: string;
  /** The client registered by hand, to give AgentForge as 'your own client ID'. */
  registeredClient: { clientId: string; clientSecret: string };
  /** What its authorization server has done so far (a refresh, a revocation), oldest first. */
  oauthEvents(): readonly LocalOAuthEvent[];
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(requestId: string, clientName: string, scopes: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local test MCP authorization</title></head><body style="font-family:system-ui;max-width:28rem;margin:3rem auto;padding:0 1rem">
<main><h1>Authorize ${escapeHtml(clientName)}?</h1>
<p>${escapeHtml(clientName)} asks to use the tools of the local remote MCP server${scopes.length ? ` (${escapeHtml(scopes.join(', '))})` : ''}.</p>
<form method="post" action="/consent"><input type="hidden" name="request" value="${escapeHtml(requestId)}">
<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form></main></body></html>`;
}

/** What these handlers use of Express's request and response (its types are not installed). */
type Req = IncomingMessage & { body?: unknown; query: Record<string, unknown> };
type Res = ServerResponse & {
  status(code: number): Res;
  type(contentType: string): Res;
  send(body: string): void;
  redirect(url: string): void;
};

async function formBody(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

export async function startLocalRemoteMcp(options: LocalRemoteMcpOptions): Promise<LocalRemoteMcp> {
  const legacySessions = new Map<string, SSEServerTransport>();
  // The URL is known once listening: requests wait for the app built with it.
  let app: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const http = createServer((req, res) => app?.(req, res));
  await new Promise<void>((resolve) => http.listen(options.port, '127.0.0.1', resolve));
  const url = `http://localhost:${(http.address() as AddressInfo).port}`;
  const resource = new URL(`${url}/mcp`);
  const registeredClient = {
    clientId: `agentforge-${randomBytes(6).toString('hex')}`,
    clientSecret: randomBytes(24).toString('base64url'),
  };
  const oauth = createLocalOAuthProvider({
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    resource,
    dynamicRegistration: options.dynamicRegistration ?? true,
    registeredClient: { ...registeredClient, redirectUris: options.redirectUris ?? [] },
    ...(options.now ? { now: options.now } : {}),
  });

  const express = createMcpExpressApp({ host: 'localhost' });
  const limits = { rateLimit: false as const };
  express.use(
    mcpAuthRouter({
      provider: oauth.provider,
      issuerUrl: new URL(url),
      resourceServerUrl: resource,
      scopesSupported: [TOOLS_SCOPE],
      resourceName: 'Local remote MCP server',
      authorizationOptions: limits,
      clientRegistrationOptions: limits,
      revocationOptions: limits,
      tokenOptions: limits,
    }),
  );
  express.get('/consent', (req: Req, res: Res) => {
    const id = String(req.query.request ?? '');
    const pending = oauth.consent(id);
    if (!pending) return void res.status(404).type('text/plain').send('This authorization request is over.');
    const name = pending.client.client_name ?? pending.client.client_id;
    res.type('html').send(consentPage(id, name, pending.params.scopes ?? []));
  });
  express.post('/consent', async (req: Req, res: Res) => {
    const form = await formBody(req);
    const target = oauth.decide(form.get('request') ?? '', form.get('decision') === 'allow');
    if (!target) return void res.status(404).type('text/plain').send('This authorization request is over.');
    res.redirect(target);
  });
  const bearer = requireBearerAuth({
    verifier: oauth.provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource),
  });
  express.all('/mcp', bearer, (req: Req, res: Res) => void streamable(req, res, req.body));
  const keyed = (req: IncomingMessage, res: ServerResponse, next: () => void) =>
    req.headers['x-api-key'] === options.apiKey ? next() : refuse(res, 401, 'Missing or wrong X-API-Key');
  express.all('/keyed/mcp', keyed, (req: Req, res: Res) => void streamable(req, res, req.body));
  express.get('/legacy/sse', keyed, async (_req: Req, res: Res) => {
    const transport = new SSEServerTransport('/legacy/messages', res);
    legacySessions.set(transport.sessionId, transport);
    res.on('close', () => legacySessions.delete(transport.sessionId));
    await toolServer().connect(transport);
  });
  // The older transport answers a Streamable HTTP POST with 405: the client's cue to fall back.
  express.post('/legacy/sse', keyed, (_req: Req, res: Res) => refuse(res, 405, 'Method not allowed'));
  express.post('/legacy/messages', keyed, async (req: Req, res: Res) => {
    const transport = legacySessions.get(String(req.query.sessionId ?? ''));
    if (!transport) return refuse(res, 404, 'Unknown session');
    await transport.handlePostMessage(req, res, req.body);
  });
  app = express;

  return {
    url,
    mcpUrl: resource.href,
    keyedUrl: `${url}/keyed/mcp`,
    legacyUrl: `${url}/legacy/sse`,
    apiKey: options.apiKey,
    registeredClient,
    oauthEvents: oauth.events,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const transport of legacySessions.values()) void transport.close();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

const refuse = (res: ServerResponse, status: number, message: string) =>
  void res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: message }));

async function streamable(req: IncomingMessage, res: ServerResponse, body: unknown) {
  // Stateless: a server and transport per request, as the SDK's stateless example does.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = toolServer();
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
