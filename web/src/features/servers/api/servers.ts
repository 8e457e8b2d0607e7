import {
  type ComputeUsage,
  computeUsageSchema,
  type McpServerConfigInput,
  mcpServerSchema,
  type OAuthCallbackBody,
  oauthCallbackResponseSchema,
} from '@agentforge/shared';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';
import { currentSpaceTeamId } from '../../teams/utils/space';

/*
 * The server calls /home's first load makes or its top bar may (list, usage, add, edit, start,
 * stop, delete; the OAuth callback page's). A server's card and settings have theirs in
 * `server-features.ts`, loaded with them.
 */

/**
 * A server as the API shows it. The idle timeout is optional here: a card shows the default (5)
 * for a configuration without one (spec 9).
 */
export const serverViewSchema = z.partial(mcpServerSchema, { idleTimeoutMinutes: true });
export type ServerView = z.infer<typeof serverViewSchema>;

const serverListSchema = z.array(serverViewSchema);

/** A server's route, or one of its actions' (`/enable`). */
export const serverPath = (id: string, action = '') => `/mcp-servers/${encodeURIComponent(id)}${action}`;

/** The team space's servers instead of the caller's own (`?teamId=`); the API checks the role. */
const spaceQuery = () => {
  const teamId = currentSpaceTeamId();
  return teamId ? { query: { teamId } } : {};
};

/** GET /mcp-servers: the caller's servers (or the team space's), statuses fresh from the runner. */
export function listServers(signal?: AbortSignal): Promise<ServerView[]> {
  return apiClient.get('/mcp-servers', {
    schema: serverListSchema,
    ...spaceQuery(),
    ...(signal ? { signal } : {}),
  });
}

/** POST /mcp-servers (201): a new server, 'defined' (in a team space: the team's, Admins only). */
export function createServer(body: McpServerConfigInput): Promise<ServerView> {
  return apiClient.post('/mcp-servers', body, { schema: serverViewSchema, ...spaceQuery() });
}

/**
 * PUT /mcp-servers/{id} (409 unless defined, disabled or error). Masked environment values sent
 * back unchanged keep their stored value.
 */
export function updateServer(id: string, body: McpServerConfigInput): Promise<ServerView> {
  return apiClient.put(serverPath(id), body, { schema: serverViewSchema });
}

/** DELETE /mcp-servers/{id} (204; 409 during transitions; a running server is stopped first). */
export async function deleteServer(id: string): Promise<void> {
  await apiClient.del(serverPath(id));
}

/** POST /mcp-servers/{id}/enable (409 on a wrong state, 429 at a plan limit). */
export function enableServer(id: string): Promise<ServerView> {
  return apiClient.post(serverPath(id, '/enable'), undefined, { schema: serverViewSchema });
}

/** POST /mcp-servers/{id}/disable (409 on a wrong state). */
export function disableServer(id: string): Promise<ServerView> {
  return apiClient.post(serverPath(id, '/disable'), undefined, { schema: serverViewSchema });
}

/** GET /mcp/usage: this month's server compute. */
export function fetchUsage(signal?: AbortSignal): Promise<ComputeUsage> {
  return apiClient.get('/mcp/usage', { schema: computeUsageSchema, ...(signal ? { signal } : {}) });
}

/** POST /mcp-servers/oauth/callback: the code and state the authorization server sent back. */
export function completeServerOAuth(callback: OAuthCallbackBody): Promise<{ serverId: string }> {
  return apiClient.post('/mcp-servers/oauth/callback', callback, { schema: oauthCallbackResponseSchema });
}
