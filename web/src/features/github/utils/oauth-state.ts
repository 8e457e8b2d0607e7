/** Session storage keys of a GitHub link in progress (spec 4 "Code-host link"). */
export const GITHUB_STATE_KEY = 'github_oauth_state';
export const GITHUB_TARGET_APP_KEY = 'github_oauth_target_app_id';

/** Keeps the state (and the server page to return to) until the callback reads them. */
export function storePendingLink(state: string, targetAppId?: string): void {
  sessionStorage.setItem(GITHUB_STATE_KEY, state);
  if (targetAppId) sessionStorage.setItem(GITHUB_TARGET_APP_KEY, targetAppId);
  else sessionStorage.removeItem(GITHUB_TARGET_APP_KEY);
}

/** Reads and removes the stored state and target app id: they serve one callback only. */
export function takePendingLink(): { storedState: string | null; targetAppId: string | null } {
  const storedState = sessionStorage.getItem(GITHUB_STATE_KEY);
  const targetAppId = sessionStorage.getItem(GITHUB_TARGET_APP_KEY);
  sessionStorage.removeItem(GITHUB_STATE_KEY);
  sessionStorage.removeItem(GITHUB_TARGET_APP_KEY);
  return { storedState, targetAppId };
}
