import { hasRuntimeConfig, runtimeConfigReady } from '../../../config/runtime-config-ready';

type AmplifyClient = typeof import('./amplify-client');
/** An 'auth' event of Amplify's Hub, as far as the app reads it. */
type AuthEventListener = (event: { payload: { event: string } }) => void;

/** Amplify keeps a signed-in user's tokens under this prefix, per app client. */
const AUTH_KEY_PREFIX = 'CognitoIdentityServiceProvider';

let client: Promise<AmplifyClient> | undefined;
const authListeners = new Set<AuthEventListener>();

/**
 * Amplify, loaded and configured once with the runtime configuration, itself loaded then (tests,
 * which mock Amplify, set no configuration). Its auth events go to the listeners registered with {@link onAuthEvent}, before or after the load.
 */
export function amplify(): Promise<AmplifyClient> {
  client ??= (async () => {
    const [loaded] = await Promise.all([import('./amplify-client'), configureOnce()]);
    loaded.Hub.listen('auth', (event) => {
      for (const listener of authListeners) listener(event);
    });
    return loaded;
  })();
  return client;
}

async function configureOnce(): Promise<void> {
  const config = await runtimeConfigReady();
  if (!config) return;
  const { configureAmplify } = await import('./amplify-configure');
  configureAmplify(config);
}

/**
 * Follows the identity library's auth events without loading it: events only happen once
 * something has loaded it. Returns the function that stops listening.
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
  const search = new URLSearchParams(window.location.search);
  if (search.has('code') && search.has('state')) return true;
  try {
    return Object.keys(localStorage).some(
      (key) => key.startsWith(`${AUTH_KEY_PREFIX}.`) && key.endsWith('.LastAuthUser'),
    );
  } catch {
    // Storage refused (a privacy mode): let Amplify decide.
    return true;
  }
}
