import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { errorMessage } from '@agentforge/shared';
import { close, listen, readBody } from '../../net.js';
import type { Compat } from '../context.js';
import { isCognitoError } from '../errors.js';
import { decodePayload, refreshTokens } from '../tokens.js';
import { TtlStore } from '../ttl-store.js';
import type { TlsCredentials } from './certificate.js';
import { type FederatedProfile, federatedUser, hostedTokens } from './federation.js';
import { authorizationUrl, exchangeCode, type IdentityProviderClient } from './identity-provider.js';
import { redirect, sendChooserPage, sendErrorPage, sendJson } from './responses.js';
import {
  createSamlServiceProvider,
  type SamlProviderClient,
  type SamlServiceProvider,
  SamlSignInError,
} from './saml.js';
import { sessionEndpoints } from './session-endpoints.js';

/**
 * The user pool's hosted domain (`https://<domain>/...`), the OAuth endpoints Amplify's
 * signInWithRedirect and signOut use, answered as Cognito answers them: /oauth2/authorize (to the
 * identity provider), /oauth2/idpresponse (the provider's code exchanged, the user created or
 * linked, back to the app with a code; /saml2/idpresponse for a SAML provider), /oauth2/token (authorization code with PKCE, refresh),
 * /oauth2/revoke, /logout and /oauth2/userInfo. Tokens are the pool's own, so the API accepts them.
 */
export interface HostedDomainOptions {
  port: number;
  tls: TlsCredentials;
  compat: Compat;
  /** The pool (a SAML provider's service provider is `urn:amazon:cognito:sp:<pool id>`). */
  userPoolId: string;
  clientId: string;
  /** The app client's callback and sign-out URLs (compared exactly, as Cognito does). */
  callbackUrls: readonly string[];
  logoutUrls: readonly string[];
  /** Origins that may call the token, revoke and userInfo endpoints from a page. */
  allowedOrigins: readonly string[];
  identityProviders: readonly IdentityProviderClient[];
  /** The pool's own providers (CreateIdentityProvider) the app client supports, by name. */
  poolProvider?: (name: string) => Promise<IdentityProviderClient | SamlProviderClient | undefined>;
}

export interface HostedDomain {
  /** What Amplify's `oauth.domain` gets: `localhost:<port>`. */
  domain: string;
  url: string;
  stop(): Promise<void>;
}

interface PendingSignIn {
  provider: IdentityProviderClient | SamlProviderClient;
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
/** A posted SAML response (base64 XML with certificates and signatures). */
const MAX_SAML_BODY_BYTES = 512 * 1024;
const isSaml = (provider: PendingSignIn['provider']): provider is SamlProviderClient =>
  'protocol' in provider && provider.protocol === 'SAML';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startHostedDomain(options: HostedDomainOptions): Promise<HostedDomain> {
  const { compat, clientId } = options;
  const signIns = new TtlStore<PendingSignIn>(SIGN_IN_TTL_MS);
  const codes = new TtlStore<IssuedCode>(CODE_TTL_MS);
  let url = '';
  const idpResponseUri = () => `${url}/oauth2/idpresponse`;
  let saml: SamlServiceProvider; // made once the port is known (its ACS URL)

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
    if (!isSaml(provider))
      return redirect(res, await authorizationUrl(provider, { redirectUri: idpResponseUri(), state, nonce }));
    try {
      redirect(res, await saml.authorizationUrl(provider, state));
    } catch (error) {
      signIns.take(state);
      fail('invalid_request', errorMessage(error));
    }
  }

  /** The hosted page's provider list (this pool signs in through its identity providers only). */
  function chooser(params: URLSearchParams, res: ServerResponse) {
    sendChooserPage(
      res,
      params,
      options.identityProviders.map((provider) => provider.name),
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
    if (isSaml(pending.provider)) return sendErrorPage(res, 400, 'invalid_request');
    const provider = pending.provider;
    await finish(pending, res, () =>
      exchangeCode(provider, {
        code: params.get('code') ?? '',
        redirectUri: idpResponseUri(),
        nonce: pending.nonce,
      }),
    );
  }

  /** The SAML ACS (HTTP-POST binding): RelayState is the sign-in's state, the Response is verified. */
  async function samlIdpResponse(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req, MAX_SAML_BODY_BYTES));
    const pending = signIns.take(form.get('RelayState') ?? undefined);
    if (!pending) return sendErrorPage(res, 400, 'invalid_state');
    const provider = pending.provider;
    if (!isSaml(provider)) return sendErrorPage(res, 400, 'invalid_request');
    await finish(pending, res, () => saml.verify(provider, form.get('SAMLResponse') ?? ''));
  }

  /** The person the provider vouched for signs in (created or linked), and back to the app with a code. */
  async function finish(
    pending: PendingSignIn,
    res: ServerResponse,
    profile: () => Promise<FederatedProfile>,
  ) {
    const back = (query: Record<string, string | undefined>) =>
      redirect(res, pending.redirectUri, { ...query, state: pending.appState });
    try {
      const user = await federatedUser(compat, clientId, await profile());
      const code = codes.put(
        { username: user.Username, redirectUri: pending.redirectUri, codeChallenge: pending.codeChallenge },
        randomBytes(24).toString('hex'),
      );
      back({ code });
    } catch (error) {
      // A trigger's refusal reads as Cognito words it ("PreSignUp failed with error <message>.").
      back({
        error_description: errorMessage(error),
        error:
          error instanceof SamlSignInError
            ? error.code
            : isCognitoError(error)
              ? 'invalid_request'
              : 'server_error',
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

  const { revoke, logout, userInfo } = sessionEndpoints({ compat, clientId, logoutUrls: options.logoutUrls });

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
      'POST /saml2/idpresponse': () => samlIdpResponse(req, res),
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
  saml = createSamlServiceProvider({ userPoolId: options.userPoolId, acsUrl: `${url}/saml2/idpresponse` });
  return { domain: `localhost:${port}`, url, stop: () => close(server as never) };
}
