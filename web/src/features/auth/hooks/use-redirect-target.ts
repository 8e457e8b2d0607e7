import { type Location, useLocation } from 'react-router-dom';

/** Where a guard sends a visitor after signing in when no `from` location was remembered. */
export const DEFAULT_SIGNED_IN_PATH = '/home';

/** The navigation state the guard leaves on /login: the location the visitor wanted. */
export type FromState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** The remembered `from` location (pathname, search and hash) or /home. */
export function redirectTargetFrom(state: unknown): string {
  const from = (state as FromState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return DEFAULT_SIGNED_IN_PATH;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** After sign-in: the saved `from` location, else /home (spec 2 /login). */
export function useRedirectTarget(): string {
  return redirectTargetFrom(useLocation().state);
}
