import type { McpServer } from '@agentforge/shared';
import { oauthConnect } from '../../composition/remote-oauth.js';

/**
 * A remote server's OAuth state for the caller (their own connection; a member's own for a team's
 * server). A server with static headers shows it only once connected: it authorizes with them.
 */
export async function withOAuthState(userId: string, server: McpServer): Promise<McpServer> {
  if (server.kind !== 'remote') return server;
  const oauth = await oauthConnect().state(userId, server.id);
  const hasHeaders = Object.keys(server.headers ?? {}).length > 0;
  return oauth === 'not_connected' && hasHeaders ? server : { ...server, oauth };
}
