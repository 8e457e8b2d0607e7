import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { errorMessage } from '@agentforge/shared';
import { close, listen, readBody } from '../../net.js';
import type { Compat } from '../context.js';
import { isCognitoError } from '../errors.js';
import { revokeToken } from '../sessions.js';
import { decodePayload, refreshTokens, verifyAccessToken } from '../tokens.js';
import { TtlStore } from '../ttl-store.js';
import type { TlsCredentials } from './certificate.js';
import { federatedUser, hostedTokens } from './federation.js';
import { authorizationUrl, exchangeCode, type IdentityProviderClient } from './identity-provider.js';

/**
 * The user pool's hosted domain (`https://<domain>/...`), the OAuth endpoints Amplify's
 * signInWithRedirect and signOut use, answered as Cognito answers them: /oauth2/authorize (to the
 * identity provider), /oauth2/idpresponse (the provider's code exchanged, the user created or
 * linked, back to the app with a code), /oauth2/token (authorization code with PKCE, refresh),
 * /oauth2/revoke, /logout and /oauth2/userInfo. Tokens are the pool's own, so the API accepts them.
 */
export interface HostedDomainOptions {
  port: number;
  tls: TlsCredentials;
  compat: Compat;
  clientId: string;
  /** The app client's callback and sign-out URLs (compared exactly, as Cognito does). */
  callbackUrls: readonly string[];
  logoutUrls: readonly string[];
  /** Origins that may call the token, revoke and userInfo endpoints from a page. */
  allowedOrigins: readonly string[];
  identityProviders: readonly IdentityProviderClient[];
  /** The pool's own providers (CreateIdentityProvider) the app client supports, by name. */
  poolProvider?: (name: string) => Promise<IdentityProviderClient | undefined>;
}

export interface HostedDomain {
  /** What Amplify's `oauth.domain` gets: `localhost:<port>`. */
  domain: string;
  url: string;
  stop(): Promise<void>;
}

interface PendingSignIn {
  provider: IdentityProviderClient;
  redirectUri: string;
  appState: string | undefined;
  codeChallenge: string;
  nonce: string;
}
interface IssuedCode {
  username: string;
  redirectUri: string;
  codeChallenge: string;
}

/** Cognito's authorization codes last five minutes; a sign-in at the provider may take longer. */
const CODE_TTL_MS = 5 * 60 * 1000;
const SIGN_IN_TTL_MS = 15 * 60 * 1000;
const MAX_BODY_BYTES = 16 * 1024;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Cognito's error page: what it shows when it cannot trust the redirect URI to send the error to. */
function sendErrorPage(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain;charset=UTF-8', 'Cache-Control': 'no-store' });
  res.end(`An error was encountered with the requested page: ${error}`);
}

function redirect(
  res: ServerResponse,
  target: string,
  params: Record<string, string | undefined> = {},
): void {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  res.writeHead(302, { Location: url.toString(), 'Cache-Control': 'no-store' }).end();
}

export async function startHostedDomain(options: HostedDomainOptions): Promise<HostedDomain> {
  const { compat, clientId } = options;
  const signIns = new TtlStore<PendingSignIn>(SIGN_IN_TTL_MS);
  const codes = new TtlStore<IssuedCode>(CODE_TTL_MS);
  let url = '';
  const idpResponseUri = () => `${url}/oauth2/idpresponse`;

  async function authorize(params: URLSearchParams, res: ServerResponse) {
    if (params.get('client_id') !== clientId) return sendErrorPage(res, 400, 'invalid_request');
    const redirectUri = params.get('redirect_uri') ?? '';
    if (!options.callbackUrls.includes(redirectUri)) return sendErrorPage(res, 400, 'redirect_mismatch');
    const appState = params.get('state') ?? undefined;
    const fail = (error: string, description: string) =>
      redirect(res, redirectUri, { error_description: description, state: appState, error });
    if (params.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type');
    const codeChallenge = params.get('code_challenge') ?? '';
    if (!codeChallenge || params.get('code_challenge_method') !== 'S256') {
      return fail('invalid_request', 'code_challenge and code_challenge_method S256 are required');
    }
    const wanted = params.get('identity_provider');
    if (!wanted || wanted === 'COGNITO') return chooser(params, res);
    const provider =
      options.identityProviders.find((candidate) => candidate.name === wanted) ??
      (await options.poolProvider?.(wanted));
    if (!provider) return fail('invalid_request', `Identity provider ${wanted} does not exist`);
    const nonce = randomBytes(24).toString('base64url');
    const state = signIns.put(
      { provider, redirectUri, appState, codeChallenge, nonce },
      randomBytes(32).toString('base64url'),
    );
    redirect(res, await authorizationUrl(provider, { redirectUri: idpResponseUri(), state, nonce }));
  }

  /** The hosted page's provider list (this pool signs in through its identity providers only). */
  function chooser(params: URLSearchParams, res: ServerResponse) {
    const links = options.identityProviders.map((provider) => {
      const next = new URLSearchParams(params);
      next.set('identity_provider', provider.name);
      const href = `/oauth2/authorize?${next.toString()}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      return `<li><a href="${href}">Continue with ${provider.name}</a></li>`;
    });
    res.writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8', 'Cache-Control': 'no-store' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in</title></head><body><main><h1>Sign in</h1><ul>${links.join('')}</ul></main></body></html>`,
    );
  }

  async function idpResponse(params: URLSearchParams, res: ServerResponse) {
    const pending = signIns.take(params.get('state') ?? undefined);
    if (!pending) return sendErrorPage(res, 400, 'invalid_state');
    const back = (query: Record<string, string | undefined>) =>
      redirect(res, pending.redirectUri, { ...query, state: pending.appState });
    const providerError = params.get('error');
    if (providerError) {
      return back({
        error_description: params.get('error_description') ?? providerError,
        error: providerError,
      });
    }
    try {
      const profile = await exchangeCode(pending.provider, {
        code: params.get('code') ?? '',
        redirectUri: idpResponseUri(),
        nonce: pending.nonce,
      });
      const user = await federatedUser(compat, clientId, profile);
      const code = codes.put(
        { username: user.Username, redirectUri: pending.redirectUri, codeChallenge: pending.codeChallenge },
        randomBytes(24).toString('hex'),
      );
      back({ code });
    } catch (error) {
      // A trigger's refusal reads as Cognito words it ("PreSignUp failed with error <message>.").
      back({
        error_description: errorMessage(error),
        error: isCognitoError(error) ? 'invalid_request' : 'server_error',
      });
    }
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req, MAX_BODY_BYTES));
    if (form.get('client_id') !== clientId) return sendJson(res, 400, { error: 'invalid_client' });
    const grantType = form.get('grant_type');
    if (grantType === 'refresh_token') {
      try {
        const { AuthenticationResult } = await refreshTokens(
          compat.engine,
          clientId,
          form.get('refresh_token'),
        );
        return sendJson(res, 200, {
          id_token: AuthenticationResult.IdToken,
          access_token: AuthenticationResult.AccessToken,
          expires_in: AuthenticationResult.ExpiresIn,
          token_type: 'Bearer',
        });
      } catch {
        return sendJson(res, 400, { error: 'invalid_grant' });
      }
    }
    if (grantType !== 'authorization_code') return sendJson(res, 400, { error: 'unsupported_grant_type' });
    const issued = codes.take(form.get('code') ?? undefined);
    if (!issued || issued.redirectUri !== form.get('redirect_uri'))
      return sendJson(res, 400, { error: 'invalid_grant' });
    if (s256(form.get('code_verifier') ?? '') !== issued.codeChallenge)
      return sendJson(res, 400, { error: 'invalid_grant' });
    const userPool = await compat.engine.services.cognito.getUserPoolForClientId(compat.engine.ctx, clientId);
    const user = await userPool.getUserByUsername(compat.engine.ctx, issued.username);
    if (!user?.Enabled) return sendJson(res, 400, { error: 'invalid_grant' });
    const tokens = await hostedTokens(compat, clientId, user);
    const { exp = 0, iat = 0 } = decodePayload(tokens.AccessToken);
    sendJson(res, 200, {
      id_token: tokens.IdToken,
      access_token: tokens.AccessToken,
      refresh_token: tokens.RefreshToken,
      expires_in: exp - iat,
      token_type: 'Bearer',
    });
  }

  /** Revokes a refresh token and the tokens it issued; like Cognito, an unknown one is not an error. */
  async function revoke(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req, MAX_BODY_BYTES));
    if (form.get('client_id') !== clientId) return sendJson(res, 400, { error: 'invalid_client' });
    const value = form.get('token');
    if (!value) return sendJson(res, 400, { error: 'invalid_request' });
    if (decodePayload(value).token_use === 'access')
      return sendJson(res, 400, { error: 'unsupported_token_type' });
    await revokeToken(
      compat,
      { ClientId: clientId, Token: value },
      { sourceIp: 'hosted-domain', userAgent: 'hosted-domain' },
    );
    res.writeHead(200, { 'Cache-Control': 'no-store' }).end();
  }

  /** Ends the hosted domain's session (it keeps none: every sign-in goes to the provider) and returns to a registered sign-out URL. */
  function logout(params: URLSearchParams, res: ServerResponse) {
    if (params.get('client_id') !== clientId) return sendErrorPage(res, 400, 'invalid_request');
    const logoutUri = params.get('logout_uri') ?? '';
    if (!options.logoutUrls.includes(logoutUri)) return sendErrorPage(res, 400, 'redirect_mismatch');
    redirect(res, logoutUri);
  }

  async function userInfo(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    let claims: ReturnType<typeof verifyAccessToken>;
    try {
      claims = verifyAccessToken(compat.keys, bearer);
    } catch (error) {
      return sendJson(res, 401, { error: 'invalid_token', error_description: errorMessage(error) });
    }
    const userPool = await compat.engine.services.cognito.getUserPoolForClientId(compat.engine.ctx, clientId);
    const user = await userPool.getUserByUsername(compat.engine.ctx, claims.username);
    if (!user)
      return sendJson(res, 401, { error: 'invalid_token', error_description: 'User does not exist.' });
    const attributes = Object.fromEntries(
      user.Attributes.map((attribute) => [attribute.Name, attribute.Value]),
    );
    sendJson(res, 200, { ...attributes, username: user.Username });
  }

  function withCors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    if (!origin || !options.allowedOrigins.includes(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
    return true;
  }

  const server: Server = createServer(options.tls, (req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'https://localhost');
    const cors = withCors(req, res);
    if (req.method === 'OPTIONS') {
      if (!cors) return res.writeHead(403).end();
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader(
        'Access-Control-Allow-Headers',
        req.headers['access-control-request-headers'] ?? 'content-type',
      );
      return res.writeHead(204).end();
    }
    const route = `${req.method} ${requestUrl.pathname}`;
    const params = requestUrl.searchParams;
    const routes: Record<string, () => unknown> = {
      'GET /oauth2/authorize': () => authorize(params, res),
      'GET /oauth2/idpresponse': () => idpResponse(params, res),
      'POST /oauth2/token': () => token(req, res),
      'POST /oauth2/revoke': () => revoke(req, res),
      'GET /logout': () => logout(params, res),
      'GET /oauth2/userInfo': () => userInfo(req, res),
      'GET /': () => sendErrorPage(res, 200, 'none; this is the local hosted sign-in domain'),
    };
    const handler = routes[route] ?? (() => sendErrorPage(res, 404, 'not_found'));
    Promise.resolve()
      .then(handler)
      .catch((error: unknown) => {
        if (!res.headersSent)
          sendJson(res, 500, { error: 'server_error', error_description: errorMessage(error) });
        else res.end();
      });
  });
  const port = await listen(server, options.port);
  url = `https://localhost:${port}`;
  return { domain: `localhost:${port}`, url, stop: () => close(server as never) };
}
