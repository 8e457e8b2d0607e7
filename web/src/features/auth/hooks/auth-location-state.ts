import type { FromState } from './use-redirect-target';

/** Navigation state /login reads: the guard's `from`, and an e-mail to prefill (after a sign-up or reset). */
export type LoginLocationState = FromState & { email?: string };

/** Navigation state that opens /signup at the confirmation step for this username (the e-mail). */
export type SignUpLocationState = { username: string };

function field(state: unknown, key: string): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export const emailFromState = (state: unknown): string | undefined => field(state, 'email');

export const usernameFromState = (state: unknown): string | undefined => field(state, 'username');
