/** What the callback page posts to the page that opened it (same origin only). */
export const MCP_OAUTH_MESSAGE = 'agentforge:mcp-oauth';

/**
 * Tells the opener how the authorization ended and closes the popup; false when there is no
 * opener (the redirect fallback: the page then goes back to the app itself).
 */
export function reportToOpener(outcome: { serverId?: string; error?: string }): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return false;
  opener.postMessage({ type: MCP_OAUTH_MESSAGE, ...outcome }, window.location.origin);
  window.close();
  return true;
}
