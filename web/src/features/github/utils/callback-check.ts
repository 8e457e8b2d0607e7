import { GITHUB_MESSAGES, type GithubCallbackQuery } from '@agentforge/shared';

export type CallbackCheck = { ok: true; code: string; state: string } | { ok: false; message: string };

/**
 * The callback's rules in the spec's order (spec 5): an error parameter, a missing code, a missing
 * state, no stored state, a state that differs from the stored one.
 */
export function checkCallback(query: GithubCallbackQuery, storedState: string | null): CallbackCheck {
  if (query.error)
    return { ok: false, message: GITHUB_MESSAGES.authorizationFailed(query.error, query.error_description) };
  if (!query.code) return { ok: false, message: GITHUB_MESSAGES.noCode };
  if (!query.state) return { ok: false, message: GITHUB_MESSAGES.noState };
  if (!storedState) return { ok: false, message: GITHUB_MESSAGES.noStoredState };
  if (storedState !== query.state) return { ok: false, message: GITHUB_MESSAGES.stateMismatch };
  return { ok: true, code: query.code, state: query.state };
}

/** Success: the settings (of the server the link started from, if any), after 1.5 s (spec 2). */
export const successTarget = (appId: string | null) =>
  appId ? `/servers/${encodeURIComponent(appId)}?feature=settings` : '/home?feature=settings';

/** Error: back to the server page, or home, after 4 s (spec 2). */
export const errorTarget = (appId: string | null) =>
  appId ? `/servers/${encodeURIComponent(appId)}` : '/home';
