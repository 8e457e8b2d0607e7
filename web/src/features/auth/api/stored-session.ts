import { runtimeConfigReady } from '../../../config/runtime-config-ready';
import { AUTH_KEY_PREFIX, amplifyLoaded, emitAuthEvent, isIdentityProviderReturn } from './identity-loader';

/**
 * The session Amplify has stored in this browser, read without loading Amplify: a signed-in page's
 * first paint (the current user, the bearer token of its first requests) needs only that, and
 * Amplify (about 30 KB gzipped) then loads only when it has work to do: tokens missing or near
 * their expiry (it refreshes them), a return from the hosted sign-in, an account flow, a sign-out.
 *
 * Read as Amplify v6 stores it (`DefaultTokenStore`, localStorage): under
 * `CognitoIdentityServiceProvider.<app client>.LastAuthUser` the user, then
 * `….<user>.idToken`, `accessToken` and `clockDrift` (ms). Usable only while both tokens have more
 * than {@link MIN_LIFE_MS} left on the server's clock (Amplify refreshes a token within 5 s of its
 * expiry): anything else, or anything unreadable, is left to Amplify as before. Loaded with the
 * API client, and by the identity calls when a session may be stored (a guest's pages never load it).
 */

/** What a stored token must still have left to be used without Amplify. */
const MIN_LIFE_MS = 5 * 60_000;

export type StoredSession = {
  idToken: string;
  /** The ID token's claims (`sub`, `cognito:username`, `email`, ...). */
  claims: Record<string, unknown>;
  /** When the ID token expires, on this browser's clock (ms). */
  expiresAt: number;
};

function claimsOf(jwt: string): Record<string, unknown> | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
  return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
}

/** The stored session of this app client when both its tokens are good for a while yet, else undefined. */
export function readStoredSession(clientId: string, now = Date.now()): StoredSession | undefined {
  try {
    const clientPrefix = `${AUTH_KEY_PREFIX}.${clientId}`;
    const user = localStorage.getItem(`${clientPrefix}.LastAuthUser`);
    if (!user) return undefined;
    const item = (key: string) => localStorage.getItem(`${clientPrefix}.${user}.${key}`);
    const idToken = item('idToken');
    const accessToken = item('accessToken');
    if (!idToken || !accessToken) return undefined;
    const clockDrift = Number.parseInt(item('clockDrift') ?? '0', 10) || 0;
    const claims = claimsOf(idToken);
    const accessExp = claimsOf(accessToken)?.exp;
    const idExp = claims?.exp;
    if (!claims || typeof idExp !== 'number' || typeof accessExp !== 'number') return undefined;
    // Amplify's own test: now + clockDrift past the expiry (here with room to spare).
    const serverNow = now + clockDrift;
    if (Math.min(idExp, accessExp) * 1000 - serverNow <= MIN_LIFE_MS) return undefined;
    if (typeof claims.sub !== 'string' || typeof claims['cognito:username'] !== 'string') return undefined;
    return { idToken, claims, expiresAt: idExp * 1000 - clockDrift };
  } catch {
    // Storage refused, or a token that is not a JWT: Amplify decides.
    return undefined;
  }
}

/**
 * The stored session, once the runtime configuration (which names the app client) is loaded.
 * Undefined without a configuration (tests, which mock Amplify), without a usable stored session,
 * or on a return from the hosted sign-in (Amplify completes it and stores new tokens).
 */
export async function storedSession(): Promise<StoredSession | undefined> {
  if (isIdentityProviderReturn()) return undefined;
  const config = await runtimeConfigReady().catch(() => undefined);
  return config ? readStoredSession(config.userPoolClientId) : undefined;
}

/**
 * Another tab's sign-in, sign-out or token refresh while this one has not loaded Amplify: the
 * events Amplify's token store would have dispatched (`DefaultTokenStore.setupNotify`: the same
 * keys and transitions). Once Amplify is loaded, its own listener does it.
 */
function followOtherTabs({ key, newValue, oldValue }: StorageEvent): void {
  if (amplifyLoaded() || !key?.startsWith(`${AUTH_KEY_PREFIX}.`)) return;
  if (key.endsWith('.refreshToken')) {
    if (newValue && !oldValue) emitAuthEvent('signedIn');
    else if (!newValue && oldValue) emitAuthEvent('signedOut');
  } else if (key.endsWith('.accessToken') && oldValue && newValue && oldValue !== newValue) {
    emitAuthEvent('tokenRefresh');
  }
}
window.addEventListener('storage', followOtherTabs);
