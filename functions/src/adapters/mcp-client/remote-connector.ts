import { CHAT_MESSAGES, SERVER_MESSAGES } from '@agentforge/shared';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ToolResult } from '../../domain/chat/ports.js';
import { ConflictError } from '../../domain/errors.js';
import type { McpConnection } from '../../domain/mcp/mcp-tool-source.js';
import { logger } from '../../logger.js';
import { cappedFetch } from './capped-fetch.js';
import { type ContentBlock, maxToolCallMs, spelled, toolResultText } from './long-tool-call.js';
import { toModelTools } from './model-tools.js';

/** A remote server is untrusted: each of its answers stops here, and it gets this long to give one. */
export const MAX_REMOTE_RESPONSE_BYTES = 5 * 1_048_576;
const REQUEST_TIMEOUT_MS = 30_000;
/** A session unused this long is closed (the next use opens another). */
const IDLE_CLOSE_MS = 120_000;

/** HTTP statuses that mean "no Streamable HTTP here": try the older HTTP+SSE transport. */
const OLDER_TRANSPORT_STATUSES = [400, 404, 405];

export interface RemoteTarget {
  url: string;
  /** Sent with every request: the server's static headers (decrypted only for this connection). */
  headers: Readonly<Record<string, string>>;
  /**
   * The caller's OAuth access token for this server, if they connected it; `refused` is the token
   * the server just answered 401 to (to be replaced by a refreshed one).
   */
  bearer?: (refused?: string) => Promise<string>;
}

/**
 * Sends the bearer token with every request; a 401 mid-use gets one refreshed token and one more
 * try (the SDK's request bodies are strings, so the request can be sent again).
 */
export function withBearer(
  fetchFn: typeof fetch,
  bearer: (refused?: string) => Promise<string>,
): typeof fetch {
  let current: Promise<string> | undefined;
  const send = async (input: Parameters<typeof fetch>[0], init: RequestInit | undefined, token: string) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetchFn(input, { ...init, headers });
  };
  return async (input, init) => {
    current ??= bearer();
    const token = await current.catch((error: unknown) => {
      current = undefined;
      throw error;
    });
    const response = await send(input, init, token);
    if (response.status !== 401) return response;
    await response.body?.cancel().catch(() => undefined);
    current = bearer(token);
    return send(input, init, await current);
  };
}

export interface RemoteConnectorOptions {
  /** The outbound guard's fetch: no private or metadata address (per the stage), no redirect. */
  fetch: typeof fetch;
  maxResponseBytes?: number;
  requestTimeoutMs?: number;
}

/**
 * MCP with a remote server at its URL: Streamable HTTP, else the older HTTP+SSE transport (the
 * spec's fallback on 400, 404 or 405), every request through the outbound guard with a size cap
 * and a time limit. The SDK is imported lazily: only chats with a remote server pay for it.
 */
export function createRemoteConnector(options: RemoteConnectorOptions) {
  const capped = cappedFetch(options.fetch, options.maxResponseBytes ?? MAX_REMOTE_RESPONSE_BYTES);
  const timeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;

  async function open(target: RemoteTarget, guarded: typeof fetch): Promise<Client> {
    const [{ Client }, { StreamableHTTPClientTransport, StreamableHTTPError }, { SSEClientTransport }] =
      await Promise.all([
        import('@modelcontextprotocol/sdk/client/index.js'),
        import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
        import('@modelcontextprotocol/sdk/client/sse.js'),
      ]);
    const url = new URL(target.url);
    const requestInit = { headers: { ...target.headers }, redirect: 'error' as const };
    const client = new Client({ name: 'agentforge-chat', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit, fetch: guarded }), {
        timeout,
      });
      return client;
    } catch (error) {
      const status = error instanceof StreamableHTTPError ? error.code : undefined;
      if (status === 401)
        throw new ConflictError(
          target.bearer ? SERVER_MESSAGES.remoteNeedsReconnect : SERVER_MESSAGES.remoteNeedsAuthorization,
        );
      if (status === undefined || !OLDER_TRANSPORT_STATUSES.includes(status)) throw error;
      logger.info('Remote MCP server: no Streamable HTTP, trying HTTP+SSE', { status });
    }
    const legacy = new Client({ name: 'agentforge-chat', version: '1.0.0' });
    // The SSE stream's own GET goes through the same guarded fetch (eventSourceInit's fetch).
    await legacy.connect(
      new SSEClientTransport(url, {
        requestInit,
        fetch: guarded,
        eventSourceInit: {
          fetch: (input, init) =>
            guarded(input, { ...init, headers: { ...init?.headers, ...target.headers } }),
        },
      }),
      { timeout },
    );
    return legacy;
  }

  return async (target: RemoteTarget): Promise<McpConnection> => {
    const guarded = target.bearer ? withBearer(capped, target.bearer) : capped;
    let session: Promise<Client> | undefined;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const client = async () => {
      clearTimeout(idle);
      session ??= open(target, guarded).catch((error: unknown) => {
        session = undefined;
        throw error;
      });
      return session;
    };
    const release = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        const closing = session;
        session = undefined;
        void closing?.then((open) => open.close()).catch(() => undefined);
      }, IDLE_CLOSE_MS);
      idle.unref?.();
    };
    await client();
    release();
    return {
      async listTools() {
        try {
          return toModelTools((await (await client()).listTools(undefined, { timeout })).tools);
        } finally {
          release();
        }
      },
      async callTool(name, input, signal, onProgress): Promise<ToolResult> {
        const limitMs = maxToolCallMs();
        try {
          const result = await (await client()).callTool(
            { name, arguments: (input ?? {}) as Record<string, unknown> },
            undefined,
            {
              signal,
              timeout: limitMs,
              maxTotalTimeout: limitMs,
              ...(onProgress
                ? {
                    onprogress: ({ progress, total, message }) =>
                      onProgress({
                        progress,
                        ...(total !== undefined ? { total } : {}),
                        ...(message !== undefined ? { message } : {}),
                      }),
                  }
                : {}),
            },
          );
          return {
            content: toolResultText(result.content as ContentBlock[]),
            isError: result.isError === true,
          };
        } catch (error) {
          signal.throwIfAborted();
          const { ErrorCode, McpError } = await import('@modelcontextprotocol/sdk/types.js');
          if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
            return { content: CHAT_MESSAGES.toolCallTooLong(spelled(limitMs)), isError: true };
          throw error;
        } finally {
          release();
        }
      },
    };
  };
}
