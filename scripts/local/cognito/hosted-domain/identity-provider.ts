import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import type { FederatedProfile } from './federation.js';

/** The pool's OpenID identity provider as the hosted domain is configured with it (Google's client). */
export interface IdentityProviderClient {
  /** As the app asks for it in `identity_provider` (e.g. 'Google'). */
  name: string;
  /** The provider's issuer: its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The scopes asked for (Cognito's `authorize_scopes`); default Google's 'openid email profile'. */
  scopes?: string;
  /** The ID token claim the pool's `email` is mapped from (Cognito's AttributeMapping); default 'email'. */
  emailClaim?: string;
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as T & { error?: string; error_description?: string };
  if (!response.ok) throw new Error(body.error_description ?? body.error ?? `HTTP ${response.status}`);
  return body;
}

const discover = (provider: IdentityProviderClient) =>
  getJson<Discovery>(`${provider.issuer}/.well-known/openid-configuration`);

/** The provider's authorization URL for one sign-in (Cognito asks for openid, email and profile). */
export async function authorizationUrl(
  provider: IdentityProviderClient,
  params: { redirectUri: string; state: string; nonce: string },
): Promise<string> {
  const url = new URL((await discover(provider)).authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: params.redirectUri,
    response_type: 'code',
    scope: provider.scopes ?? 'openid email profile',
    state: params.state,
    nonce: params.nonce,
  }).toString();
  return url.toString();
}

type Claims = Record<string, unknown>;
const decodePart = (part: string | undefined): Claims =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));

/**
 * The provider's code exchanged server-side with the client secret (as Cognito does at
 * /oauth2/idpresponse), and its ID token verified: RS256 against the provider's JWKS, issuer,
 * audience, expiry and the nonce this sign-in sent.
 */
export async function exchangeCode(
  provider: IdentityProviderClient,
  params: { code: string; redirectUri: string; nonce: string },
): Promise<FederatedProfile> {
  const discovery = await discover(provider);
  const { id_token: idToken } = await getJson<{ id_token?: string }>(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.code,
      redirect_uri: params.redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
  });
  const [header, payload, signature] = (idToken ?? '').split('.');
  if (!header || !payload || !signature) throw new Error('The identity provider sent no ID token');
  const { kid, alg } = decodePart(header);
  const { keys } = await getJson<{ keys: JsonWebKey[] }>(discovery.jwks_uri);
  const jwk = keys.find((key) => key.kid === kid);
  const signed =
    alg === 'RS256' &&
    jwk !== undefined &&
    verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      createPublicKey({ key: jwk, format: 'jwk' }),
      Buffer.from(signature, 'base64url'),
    );
  const claims = decodePart(payload);
  if (!signed) throw new Error('Invalid ID token signature');
  if (claims.iss !== provider.issuer || claims.aud !== provider.clientId)
    throw new Error('Invalid ID token audience');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new Error('Expired ID token');
  if (claims.nonce !== params.nonce) throw new Error('Invalid ID token nonce');
  const email = claims[provider.emailClaim ?? 'email'];
  if (typeof claims.sub !== 'string' || typeof email !== 'string')
    throw new Error('ID token without sub or email');
  const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string) : undefined);
  return {
    providerName: provider.name,
    sub: claims.sub,
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    ...Object.fromEntries(
      (
        [
          ['name', text('name')],
          ['givenName', text('given_name')],
          ['familyName', text('family_name')],
          ['picture', text('picture')],
        ] as const
      ).filter(([, value]) => value !== undefined),
    ),
  };
}
