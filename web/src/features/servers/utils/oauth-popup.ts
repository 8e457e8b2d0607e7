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

/**
 * Sends the user to the authorization page `start` answers: in a popup opened now, in the click
 * (one opened after the request's await would be blocked), or in this tab when popups are blocked.
 * A failed start closes the popup and throws.
 */
export async function openAuthorization(start: () => Promise<string>): Promise<void> {
  const popup = window.open('', 'agentforge-mcp-oauth', 'popup,width=520,height=720');
  try {
    const url = await start();
    if (popup) popup.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    popup?.close();
    throw error;
  }
}
