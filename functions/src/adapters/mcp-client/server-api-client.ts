import {
  apiErrorMessageFromBody,
  type McpServer,
  mcpServerSchema,
  type ToolPolicyPatch,
} from '@agentforge/shared';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../domain/errors.js';
import type { ServerControl } from '../../domain/mcp/mcp-tool-source.js';
import { logger } from '../../logger.js';

const TIMEOUT_MS = 30_000;

/**
 * The MCP API (`<apiBase>/mcp-servers/<id>`) as the caller: the chat's way to read and start a
 * server. `headers`: sent with every call (the API key on AWS).
 */
export function createServerApiClient(
  apiBase: string,
  headers: Readonly<Record<string, string>> = {},
): ServerControl {
  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    idToken: string,
    payload?: unknown,
  ): Promise<McpServer> {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        ...headers,
        Authorization: `Bearer ${idToken}`,
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch((error: unknown) => {
      logger.debug('MCP API answered without JSON', { status: response.status, error });
      return undefined;
    });
    if (response.ok) return mcpServerSchema.parse(body);
    throw errorFor(response.status, apiErrorMessageFromBody(body, response.status));
  }
  const pathOf = (serverId: string) => `/mcp-servers/${encodeURIComponent(serverId)}`;
  return {
    get: ({ serverId, bearer }) => call('GET', pathOf(serverId), bearer),
    enable: ({ serverId, bearer }) => call('POST', `${pathOf(serverId)}/enable`, bearer),
    patchToolPolicy: ({ serverId, bearer }, patch: ToolPolicyPatch) =>
      call('PATCH', `${pathOf(serverId)}/tool-policy`, bearer, patch),
  };
}

function errorFor(status: number, message: string): Error {
  if (status === 404) return new NotFoundError(message);
  if (status === 403) return new ForbiddenError(message);
  if (status === 409) return new ConflictError(message);
  if (status === 429) return new RateLimitedError(message);
  if (status >= 400 && status < 500) return new ValidationError(message);
  return new Error(`The MCP API failed (${status}): ${message}`);
}
