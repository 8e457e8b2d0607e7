import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessage } from '@agentforge/shared';
import { readBody } from '../../net.js';
import type { Compat } from '../context.js';
import { revokeToken } from '../sessions.js';
import { decodePayload, verifyAccessToken } from '../tokens.js';
import { redirect, sendErrorPage, sendJson } from './responses.js';

const MAX_BODY_BYTES = 16 * 1024;

/** The hosted domain's session endpoints: /oauth2/revoke, /logout and /oauth2/userInfo, as Cognito answers them. */
export function sessionEndpoints(options: {
  compat: Compat;
  clientId: string;
  logoutUrls: readonly string[];
}) {
  const { compat, clientId } = options;
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

  return { revoke, logout, userInfo };
}
