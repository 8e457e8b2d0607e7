import { hasRuntimeConfig, runtimeConfigReady } from '../../../config/runtime-config-ready';
import { recordRedirectEvent } from './redirect-sign-in';

type AmplifySession = typeof import('./amplify-session');
type AmplifyAccounts = typeof import('./amplify-accounts');
/** An 'auth' event of Amplify's Hub, as far as the app reads it. */
type AuthEventListener = (event: { payload: { event: string; data?: unknown } }) => void;

/** Amplify keeps a signed-in user's tokens under this prefix, per app client. */
export const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

let configured: Promise<void> | undefined;
let session: Promise<AmplifySession> | undefined;
let accounts: Promise<AmplifyAccounts> | undefined;
const authListeners = new Set<AuthEventListener>();

/**
 * Amplify configured once with the runtime configuration, itself loaded then (tests, which mock
 * Amplify, set no configuration), and its auth events going to the listeners registered with
 * {@link onAuthEvent}, before or after the load.
 */
function configureOnce(): Promise<void> {
  configured ??= (async () => {
    const [{ Hub }, config] = await Promise.all([import('aws-amplify/utils'), runtimeConfigReady()]);
    if (config) {
      const { configureAmplify } = await import('./amplify-configure');
      configureAmplify(config);
    }
    Hub.listen('auth', (event) => {
      // The return from the hosted sign-in is recorded from the first event on: Amplify may complete
      // it before the page that acts on it (the site root) has mounted and started listening.
      recordRedirectEvent(event.payload.event, (event.payload as { data?: unknown }).data);
      for (const listener of authListeners) listener(event);
    });
  })();
  return configured;
}

/**
 * Amplify's session calls (the current user, the tokens), loaded and configured on first use.
 * A browser just back from the identity provider with a code also loads the account flows first:
 * Amplify completes that sign-in there, and its session calls wait for it.
 */
export function amplifySession(): Promise<AmplifySession> {
  session ??= Promise.all([import('./amplify-session'), configureOnce()]).then(async ([loaded]) => {
    if (isIdentityProviderReturn()) await amplifyAccounts();
    return loaded;
  });
  return session;
}

/** Amplify's account flows (sign-in, sign-up, reset, sign-out), loaded and configured on first use. */
export function amplifyAccounts(): Promise<AmplifyAccounts> {
  accounts ??= Promise.all([import('./amplify-accounts'), configureOnce()]).then(([loaded]) => loaded);
  return accounts;
}

/** Back from the hosted sign-in page: with a code, or with its error (Amplify reports that too). */
export function isIdentityProviderReturn(): boolean {
  const search = new URLSearchParams(window.location.search);
  return search.has('state') && (search.has('code') || search.has('error'));
}

/** Whether Amplify is loaded (or loading): from then on its own events reach the listeners. */
export function amplifyLoaded(): boolean {
  return configured !== undefined;
}

/** An auth event Amplify would have dispatched, from what it stored (another tab's change). */
export function emitAuthEvent(event: string): void {
  for (const listener of authListeners) listener({ payload: { event } });
}

/**
 * Follows the identity library's auth events without loading it: they come from it once something
 * has loaded it, and before that from other tabs' changes to the stored session (see
 * `stored-session.ts`). Returns the function that stops listening.
 */
export function onAuthEvent(listener: AuthEventListener): () => void {
  authListeners.add(listener);
  return () => {
    authListeners.delete(listener);
  };
}

/**
 * Whether this browser may hold a session: Amplify has stored a user (for an app client: this
 * origin serves one), or the identity provider has just redirected back here with a code (Amplify
 * completes that sign-in). False means a guest for sure, with no need to load Amplify, or the
 * runtime configuration, to ask. Without a configuration (tests) it cannot tell and says true.
 */
export function mayBeSignedIn(): boolean {
  if (!hasRuntimeConfig()) return true;
  if (isIdentityProviderReturn()) return true;
  try {
    return Object.keys(localStorage).some(
      (key) => key.startsWith(`${AUTH_KEY_PREFIX}.`) && key.endsWith('.LastAuthUser'),
    );
  } catch {
    // Storage refused (a privacy mode): let Amplify decide.
    return true;
  }
}
