import { errorMessage } from '@agentforge/shared';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  CompleteRequestSchema,
  CompleteResultSchema,
  EmptyResultSchema,
  GetPromptRequestSchema,
  GetPromptResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  McpError,
  PingRequestSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { Log } from './bridge.js';

interface HandlerExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

/** Re-throws the package's JSON-RPC error as itself (the SDK's McpError prefixes its message). */
export async function relay<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof McpError)) throw error;
    const prefix = `MCP error ${error.code}: `;
    const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    throw Object.assign(new Error(message), { code: error.code, data: error.data });
  }
}

/** One validator for every per-request Server: building Ajv costs ~2 ms a request otherwise. */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * One `Server` per HTTP request (the transport is stateless) whose handlers forward to the one
 * shared client of the package. It advertises only what the package offers (no subscriptions or
 * list-changed notifications: a stateless transport cannot deliver them).
 */
export function createForwardingServer(upstream: Client, requestTimeoutMs: number, log: Log): Server {
  const offered = upstream.getServerCapabilities() ?? {};
  const capabilities: ServerCapabilities = {};
  if (offered.tools) capabilities.tools = {};
  if (offered.resources) capabilities.resources = {};
  if (offered.prompts) capabilities.prompts = {};
  if (offered.completions) capabilities.completions = {};
  const info = upstream.getServerVersion() ?? { name: 'mcp-server', version: '0.0.0' };
  const instructions = upstream.getInstructions();
  const server = new Server(
    { name: info.name, version: info.version },
    { capabilities, jsonSchemaValidator, ...(instructions ? { instructions } : {}) },
  );

  const options = (extra: HandlerExtra): RequestOptions => {
    const progressToken = extra._meta?.progressToken;
    const base: RequestOptions = { signal: extra.signal, timeout: requestTimeoutMs };
    if (progressToken === undefined) return base;
    return {
      ...base,
      resetTimeoutOnProgress: true,
      onprogress: (progress) => {
        void extra
          .sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken } })
          .catch((error: unknown) =>
            // The client went away or the request ended: the progress is lost, the call goes on.
            log('warn', 'progress notification not sent', { reason: errorMessage(error) }),
          );
      },
    };
  };

  server.setRequestHandler(PingRequestSchema, (request, extra) =>
    relay(upstream.request(request, EmptyResultSchema, options(extra))),
  );
  if (offered.tools) {
    server.setRequestHandler(ListToolsRequestSchema, (request, extra) =>
      relay(upstream.request(request, ListToolsResultSchema, options(extra))),
    );
    server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      relay(upstream.request(request, CallToolResultSchema, options(extra))),
    );
  }
  if (offered.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, (request, extra) =>
      relay(upstream.request(request, ListResourcesResultSchema, options(extra))),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, (request, extra) =>
      relay(upstream.request(request, ListResourceTemplatesResultSchema, options(extra))),
    );
    server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
      relay(upstream.request(request, ReadResourceResultSchema, options(extra))),
    );
  }
  if (offered.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, (request, extra) =>
      relay(upstream.request(request, ListPromptsResultSchema, options(extra))),
    );
    server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
      relay(upstream.request(request, GetPromptResultSchema, options(extra))),
    );
  }
  if (offered.completions) {
    server.setRequestHandler(CompleteRequestSchema, (request, extra) =>
      relay(upstream.request(request, CompleteResultSchema, options(extra))),
    );
  }
  return server;
}
