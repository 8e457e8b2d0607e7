import {
  type ComputeUsage,
  computeUsageSchema,
  type ListedTool,
  MCP_OAUTH_CALLBACK_PATH,
  type McpServerConfigInput,
  mcpServerSchema,
  type OAuthCallbackBody,
  oauthCallbackResponseSchema,
  oauthStartResponseSchema,
  serverToolsResponseSchema,
  type ToolPolicyPatch,
} from '@agentforge/shared';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';
import { currentSpaceTeamId } from '../../teams/utils/space';

/**
 * A server as the API shows it. The idle timeout is optional here: a card shows the default (5)
 * for a configuration without one (spec 9).
 */
export const serverViewSchema = z.partial(mcpServerSchema, { idleTimeoutMinutes: true });
export type ServerView = z.infer<typeof serverViewSchema>;

const serverListSchema = z.array(serverViewSchema);

/** POST /mcp-servers/{id}/external-token: the token is shown once; the endpoint is under the API base. */
export const externalTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  endpoint: z.string().check(z.minLength(1)),
});
export type ExternalToken = z.infer<typeof externalTokenSchema>;

const path = (id: string, action = '') => `/mcp-servers/${encodeURIComponent(id)}${action}`;

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
  return apiClient.put(path(id), body, { schema: serverViewSchema });
}

/** DELETE /mcp-servers/{id} (204; 409 during transitions; a running server is stopped first). */
export async function deleteServer(id: string): Promise<void> {
  await apiClient.del(path(id));
}

/** POST /mcp-servers/{id}/enable (409 on a wrong state, 429 at a plan limit). */
export function enableServer(id: string): Promise<ServerView> {
  return apiClient.post(path(id, '/enable'), undefined, { schema: serverViewSchema });
}

/** POST /mcp-servers/{id}/disable (409 on a wrong state). */
export function disableServer(id: string): Promise<ServerView> {
  return apiClient.post(path(id, '/disable'), undefined, { schema: serverViewSchema });
}

/** POST /mcp-servers/{id}/external-token: a new token for external MCP clients (the old one stops working). */
export function issueExternalToken(id: string): Promise<ExternalToken> {
  return apiClient.post(path(id, '/external-token'), undefined, { schema: externalTokenSchema });
}

/**
 * PUT /mcp-servers/{id}/my-values: the caller's own values for a team server's per-member
 * variables, answered masked (a masked value sent back keeps the stored one).
 */
export function saveMemberValues(id: string, values: Record<string, string>): Promise<ServerView> {
  return apiClient.put(path(id, '/my-values'), { values }, { schema: serverViewSchema });
}

/** DELETE /mcp-servers/{id}/my-values: the caller's own values go (their instance stops). */
export function removeMemberValues(id: string): Promise<ServerView> {
  return apiClient.del(path(id, '/my-values'), { schema: serverViewSchema });
}

/** DELETE /mcp-servers/{id}/external-token (204, also when none was active): clients using it are refused. */
export async function revokeExternalToken(id: string): Promise<void> {
  await apiClient.del(path(id, '/external-token'));
}

/** GET /mcp/usage: this month's server compute. */
export function fetchUsage(signal?: AbortSignal): Promise<ComputeUsage> {
  return apiClient.get('/mcp/usage', { schema: computeUsageSchema, ...(signal ? { signal } : {}) });
}

/** PATCH /mcp-servers/{id}/tool-policy: tool approvals (owner, or a team's Admins); a tool set to null goes back to the default. */
export function patchToolPolicy(id: string, patch: ToolPolicyPatch): Promise<ServerView> {
  return apiClient.request('PATCH', path(id, '/tool-policy'), { body: patch, schema: serverViewSchema });
}

/** A tool as the server lists it, with the hint the policy's default reads. */
const listedToolsSchema = z.object({ result: serverToolsResponseSchema });

/**
 * The server's tools, as the chat lists them: a hosted server's (running) through the gateway (MCP
 * tools/list), a remote server's from GET /mcp-servers/{id}/tools (its headers, the caller's own
 * OAuth connection).
 */
export async function listServerTools(server: Pick<ServerView, 'id' | 'kind'>): Promise<ListedTool[]> {
  if (server.kind === 'remote') {
    return (await apiClient.get(path(server.id, '/tools'), { schema: serverToolsResponseSchema })).tools;
  }
  const body = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
  const answer = await apiClient.post(`/mcp-gateway/${encodeURIComponent(server.id)}`, body, {
    schema: listedToolsSchema,
  });
  return answer.result.tools;
}

/** Where the authorization server sends the browser back: the URI to register with it. */
export const oauthRedirectUri = () => `${window.location.origin}${MCP_OAUTH_CALLBACK_PATH}`;

/**
 * POST /mcp-servers/{id}/oauth/start: the remote server's authorization page, to come back to the
 * app's callback page (the state and PKCE verifier stay on the server). `client`: the user's own
 * app registered with the authorization server, where it registers none itself (the secret is
 * kept encrypted on the server, never sent back).
 */
export function startServerOAuth(
  id: string,
  client?: { clientId: string; clientSecret?: string },
): Promise<string> {
  return apiClient
    .post(
      path(id, '/oauth/start'),
      { redirectUri: oauthRedirectUri(), ...client },
      { schema: oauthStartResponseSchema },
    )
    .then((started) => started.authorizationUrl);
}

/** POST /mcp-servers/oauth/callback: the code and state the authorization server sent back. */
export function completeServerOAuth(callback: OAuthCallbackBody): Promise<{ serverId: string }> {
  return apiClient.post('/mcp-servers/oauth/callback', callback, { schema: oauthCallbackResponseSchema });
}

/** DELETE /mcp-servers/{id}/oauth (204): the caller's tokens revoked where the server can, and deleted. */
export async function disconnectServerOAuth(id: string): Promise<void> {
  await apiClient.del(path(id, '/oauth'));
}
