import { runtimeConfigReady } from '../../../config/runtime-config-ready';
import { amplifyAccounts } from './identity-loader';

/** What the login page says when an address has no single sign-on. */
export const NO_SSO_MESSAGE =
  'No single sign-on is set up for this e-mail domain. Sign in with your password or Google.';

/**
 * The identity provider of the address's verified domain (GET /sso/discover, public: the visitor is
 * not signed in), or undefined when there is none. A plain fetch: the API client needs a session.
 */
export async function findSsoProvider(email: string): Promise<string | undefined> {
  const config = await runtimeConfigReady();
  const url = new URL(`${config?.apiBaseUrl ?? ''}/sso/discover`, window.location.origin);
  url.searchParams.set('email', email.trim());
  const response = await fetch(url);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`Single sign-on lookup failed (${response.status})`);
  const body = (await response.json()) as { providerName?: unknown };
  if (typeof body.providerName !== 'string') throw new Error('Single sign-on lookup failed');
  return body.providerName;
}

/** The hosted sign-in through the team's provider; `returnTo` rides in the OAuth state as Google's does. */
export async function signInWithSso(providerName: string, returnTo?: string): Promise<void> {
  await (await amplifyAccounts()).signInWithRedirect({
    provider: { custom: providerName },
    ...(returnTo ? { customState: returnTo } : {}),
  });
}
