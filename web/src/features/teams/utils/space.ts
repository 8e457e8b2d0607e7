/**
 * The space the app works in: personal (undefined) or a team (its id), remembered in localStorage.
 * In a team space the Servers view lists and creates the team's servers and the model picker adds
 * the team's providers (keys the member uses without seeing them); the server checks the
 * membership and role on every call, so this is only the view's choice, never an authorization.
 */
const STORAGE_KEY = 'agentforge.space';
/** How the UI names the space that is no team's. */
export const PERSONAL_SPACE_NAME = 'Personal';
const listeners = new Set<() => void>();

export function currentSpaceTeamId(): string | undefined {
  return globalThis.localStorage?.getItem(STORAGE_KEY) ?? undefined;
}

export function setSpaceTeamId(teamId: string | undefined): void {
  if (teamId) globalThis.localStorage?.setItem(STORAGE_KEY, teamId);
  else globalThis.localStorage?.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function subscribeToSpace(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
