import {
  type ListedTool,
  MCP_OAUTH_CALLBACK_PATH,
  oauthStartResponseSchema,
  serverToolsResponseSchema,
  type ToolPolicyPatch,
} from '@agentforge/shared';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';
import { serverPath as path, type ServerView, serverViewSchema } from './servers';

/*
 * The calls of a server's card and settings (external access, per-member values, tool approvals
 * and its tools, a remote server's OAuth connection): none is made before they are opened, so
 * /home's first load goes without them (`servers.ts` has the list's and the top bar's).
 */

/** POST /mcp-servers/{id}/external-token: the token is shown once; the endpoint is under the API base. */
export const externalTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  endpoint: z.string().check(z.minLength(1)),
});
export type ExternalToken = z.infer<typeof externalTokenSchema>;

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

/** DELETE /mcp-servers/{id}/oauth (204): the caller's tokens revoked where the server can, and deleted. */
export async function disconnectServerOAuth(id: string): Promise<void> {
  await apiClient.del(path(id, '/oauth'));
}
