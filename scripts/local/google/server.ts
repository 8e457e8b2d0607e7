import {
  createHash,
  generateKeyPairSync,
  type JsonWebKey,
  randomBytes,
  randomUUID,
  sign,
  timingSafeEqual,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { close, listen, readBody } from '../net.js';
import { signInPage } from './sign-in-page.js';

/**
 * The local stand-in for Google's OpenID provider (issue 34), in Google's wire formats: discovery,
 * the authorization page (`/o/oauth2/v2/auth`: 'Email', 'Continue', 'Cancel'), the token endpoint
 * (`/token`: authorization code with the client secret, basic or in the form, and PKCE; refresh
 * tokens for `access_type=offline`), the JWKS (`/oauth2/v3/certs`), userinfo (`/v1/userinfo`) and
 * revocation (`/revoke`). ID tokens are RS256 with a key made at start. State is in memory: a
 * restart forgets its tokens, as a sign-in needs them only for a minute.
 */
export interface LocalGoogleClient {
  clientId: string;
  clientSecret: string;
  /** Google compares redirect URIs exactly. */
  redirectUris: readonly string[];
}

export interface LocalGoogleOptions {
  port: number;
  clients: readonly LocalGoogleClient[];
  now?: () => number;
}

export interface LocalGoogle {
  /** `http://localhost:<port>`: the issuer and the base of every endpoint. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Grant {
  clientId: string;
  email: string;
  scope: string;
}
interface IssuedCode extends Grant {
  redirectUri: string;
  nonce: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string;
  offline: boolean;
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_SECONDS = 3599;
const MAX_BODY_BYTES = 64 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest();
const safeEqual = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b));
const opaque = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Google's subject: a stable 21-digit number per account (here, per e-mail address). */
const subjectOf = (email: string) =>
  (sha256(email.toLowerCase()).readBigUInt64BE(0) % 10n ** 21n).toString().padStart(21, '1');

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

function redirectTo(res: ServerResponse, target: string, params: Record<string, string | undefined>): void {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  res.writeHead(302, { Location: url.toString(), 'Cache-Control': 'no-store' }).end();
}

function profileOf(email: string) {
  const local = email.split('@')[0] ?? email;
  const [given = local, ...rest] = local.split(/[._-]+/).filter(Boolean);
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return {
    sub: subjectOf(email),
    email,
    email_verified: true,
    name: [given, ...rest].map(capital).join(' '),
    given_name: capital(given),
    ...(rest.length > 0 ? { family_name: rest.map(capital).join(' ') } : {}),
    picture: `https://lh3.googleusercontent.com/a/default-user=s96-c`,
  };
}

export async function startLocalGoogle(options: LocalGoogleOptions): Promise<LocalGoogle> {
  const now = options.now ?? Date.now;
  const kid = randomUUID();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JsonWebKey = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  let issuer = '';

  const clientOf = (clientId: string | undefined) =>
    options.clients.find((client) => client.clientId === clientId);

  function idToken(grant: Grant, nonce: string | undefined): string {
    const issuedAt = Math.floor(now() / 1000);
    const header = base64url({ alg: 'RS256', kid, typ: 'JWT' });
    const payload = base64url({
      iss: issuer,
      azp: grant.clientId,
      aud: grant.clientId,
      ...profileOf(grant.email),
      ...(nonce ? { nonce } : {}),
      iat: issuedAt,
      exp: issuedAt + TOKEN_TTL_SECONDS + 1,
    });
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  /** The request's client and redirect URI, or the error page Google shows instead of redirecting. */
  function checkRequest(params: URLSearchParams, res: ServerResponse): string | undefined {
    const client = clientOf(params.get('client_id') ?? undefined);
    if (!client) {
      sendText(res, 401, 'Error 401: invalid_client. The OAuth client was not found.');
      return undefined;
    }
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) {
      sendText(
        res,
        400,
        "Error 400: redirect_uri_mismatch. You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy.",
      );
      return undefined;
    }
    return redirectUri;
  }

  function authorizePage(params: URLSearchParams, res: ServerResponse, error?: string) {
    const redirectUri = checkRequest(params, res);
    if (!redirectUri) return;
    const state = params.get('state') ?? undefined;
    if (params.get('response_type') !== 'code') {
      return redirectTo(res, redirectUri, { error: 'unsupported_response_type', state });
    }
    if (!params.get('scope')) {
      return redirectTo(res, redirectUri, {
        error: 'invalid_request',
        error_description: 'Missing required parameter: scope',
        state,
      });
    }
    res.writeHead(error ? 400 : 200, {
      'Content-Type': 'text/html; charset=utf-8',
      // No form-action: Chromium applies it to every redirect after the form's POST, and the chain
      // goes on from the client's redirect URI (the hosted domain) to an app this page cannot name.
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'`,
      'Cache-Control': 'no-store',
    });
    res.end(signInPage(params, error));
  }

  async function decide(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req, MAX_BODY_BYTES));
    const redirectUri = checkRequest(form, res);
    if (!redirectUri) return;
    const state = form.get('state') ?? undefined;
    if (form.get('decision') !== 'continue')
      return redirectTo(res, redirectUri, { error: 'access_denied', state });
    const email = (form.get('email') ?? '').trim();
    if (!EMAIL.test(email)) return authorizePage(form, res, 'Enter a valid email');
    const code = `4/${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      clientId: form.get('client_id') as string,
      email,
      scope: form.get('scope') ?? '',
      redirectUri,
      nonce: form.get('nonce') ?? undefined,
      codeChallenge: form.get('code_challenge') ?? undefined,
      codeChallengeMethod: form.get('code_challenge_method') ?? 'plain',
      offline: form.get('access_type') === 'offline',
      expiresAt: now() + CODE_TTL_MS,
    });
    redirectTo(res, redirectUri, {
      code,
      scope: form.get('scope') ?? undefined,
      authuser: '0',
      prompt: 'consent',
      state,
    });
  }

  function tokensFor(grant: Grant, nonce: string | undefined, refreshToken?: string) {
    const accessToken = opaque('ya29.');
    accessTokens.set(accessToken, { ...grant, expiresAt: now() + TOKEN_TTL_SECONDS * 1000 });
    return {
      access_token: accessToken,
      expires_in: TOKEN_TTL_SECONDS,
      scope: grant.scope,
      token_type: 'Bearer',
      ...(grant.scope.split(' ').includes('openid') ? { id_token: idToken(grant, nonce) } : {}),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req, MAX_BODY_BYTES));
    const basic = /^Basic (\S+)$/i.exec(req.headers.authorization ?? '');
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic[1] as string, 'base64')
          .toString('utf8')
          .split(':')
          .map(decodeURIComponent)
      : [];
    const clientId = basicId ?? form.get('client_id') ?? undefined;
    const client = clientOf(clientId);
    if (!client || !safeEqual(basicSecret ?? form.get('client_secret') ?? '', client.clientSecret)) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const badGrant = () => sendJson(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    const grantType = form.get('grant_type');
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!grant || grant.clientId !== client.clientId) return badGrant();
      return sendJson(res, 200, tokensFor(grant, undefined));
    }
    if (grantType !== 'authorization_code') {
      return sendJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${grantType ?? ''}`,
      });
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code); // single use, whatever the outcome
    if (!issued || issued.expiresAt <= now() || issued.clientId !== client.clientId) return badGrant();
    if (form.get('redirect_uri') !== issued.redirectUri) {
      return sendJson(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' });
    }
    if (issued.codeChallenge) {
      const verifier = form.get('code_verifier') ?? '';
      const expected =
        issued.codeChallengeMethod === 'S256' ? sha256(verifier).toString('base64url') : verifier;
      if (!verifier || expected !== issued.codeChallenge) {
        return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
    }
    const grant = { clientId: issued.clientId, email: issued.email, scope: issued.scope };
    let refreshToken: string | undefined;
    if (issued.offline) {
      refreshToken = opaque('1//');
      refreshTokens.set(refreshToken, grant);
    }
    sendJson(res, 200, tokensFor(grant, issued.nonce, refreshToken));
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
    const grant = bearer ? accessTokens.get(bearer[1] as string) : undefined;
    if (!grant || grant.expiresAt <= now()) {
      return sendJson(
        res,
        401,
        { error: 'invalid_request', error_description: 'Invalid Credentials' },
        { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      );
    }
    sendJson(res, 200, profileOf(grant.email));
  }

  async function revoke(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    const form = new URLSearchParams(await readBody(req, MAX_BODY_BYTES));
    const value = form.get('token') ?? query.get('token') ?? '';
    if (!accessTokens.delete(value) && !refreshTokens.delete(value)) {
      return sendJson(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    sendJson(res, 200, {});
  }

  function discovery(res: ServerResponse): void {
    sendJson(res, 200, {
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/v1/userinfo`,
      revocation_endpoint: `${issuer}/revoke`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['plain', 'S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    const handled =
      route === 'GET /.well-known/openid-configuration'
        ? Promise.resolve(discovery(res))
        : route === 'GET /o/oauth2/v2/auth'
          ? Promise.resolve(authorizePage(url.searchParams, res))
          : route === 'POST /o/oauth2/v2/auth'
            ? decide(req, res)
            : route === 'POST /token'
              ? token(req, res)
              : route === 'GET /v1/userinfo'
                ? Promise.resolve(userinfo(req, res))
                : route === 'POST /revoke'
                  ? revoke(req, res, url.searchParams)
                  : route === 'GET /oauth2/v3/certs'
                    ? Promise.resolve(
                        sendJson(res, 200, { keys: [jwk] }, { 'Cache-Control': 'public, max-age=3600' }),
                      )
                    : Promise.resolve(sendText(res, 404, 'Not Found'));
    handled.catch(() => {
      if (!res.headersSent)
        sendJson(res, 400, { error: 'invalid_request', error_description: 'Bad Request' });
      else res.end();
    });
  });
  const port = await listen(server, options.port);
  issuer = `http://localhost:${port}`;
  return { url: issuer, port, stop: () => close(server) };
}
