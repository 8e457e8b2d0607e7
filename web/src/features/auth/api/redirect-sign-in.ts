import { AUTH_FLOW_MESSAGES } from '@agentforge/shared';

/**
 * What a failed return from the hosted sign-in page says (spec 5 "Social/redirect sign-in"), from
 * the error Amplify's completion reports: a return without a code (the visitor cancelled at the
 * provider, which comes back as Cognito's `error=access_denied`) or a state that is not the one
 * this browser stored; anything else is 'Federated sign-in failed'.
 */
export function redirectFailureMessage(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  const text = typeof message === 'string' ? message : '';
  if (/^(User cancelled OAuth flow|`signInWithRedirect` has been canceled|access_denied)/.test(text)) {
    return AUTH_FLOW_MESSAGES.oauthCancelled;
  }
  if (text.startsWith(AUTH_FLOW_MESSAGES.oauthStateInvalid)) return AUTH_FLOW_MESSAGES.oauthStateInvalid;
  return AUTH_FLOW_MESSAGES.federatedSignInFailed;
}

/** A path of this app to return to after the hosted sign-in (never another origin: `//host` or `/\host`). */
export function returnPath(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : undefined;
}

let pendingReturn: string | undefined;
let pendingFailure = false;

/**
 * Records what the return from the hosted sign-in said (Amplify's events), for the page it lands on,
 * the site root: the events come while that page may still be loading, so it acts on them itself.
 */
export function recordRedirectEvent(event: string, data: unknown): void {
  if (event === 'customOAuthState') pendingReturn = returnPath(data);
  if (event === 'signInWithRedirect_failure') pendingFailure = true;
}

/** Where the site root sends a visitor back from the hosted sign-in: the saved path, or /login after a failure. */
export function takeRedirectTarget(signedIn: boolean): string | undefined {
  const target = signedIn ? pendingReturn : pendingFailure ? '/login' : undefined;
  pendingReturn = undefined;
  pendingFailure = false;
  return target;
}
