import { createOAuthConnectionRepository } from '../adapters/dynamodb/oauth-connection-repository.js';
import { createOAuthClient } from '../adapters/mcp-client/oauth-client.js';
import { createGuardedFetch } from '../adapters/net/guarded-fetch.js';
import { createOAuthConnect, type OAuthConnect } from '../domain/mcp/oauth/oauth-connect.js';
import { createOAuthTokens, type OAuthTokens } from '../domain/mcp/oauth/oauth-tokens.js';
import { logger } from '../logger.js';
import { outboundPolicy } from './outbound.js';
import { db, env } from './root.js';
import { secretCipher } from './secrets.js';

/** Remote MCP servers' OAuth: every request to their authorization servers through the outbound guard. */
function deps() {
  return {
    connections: createOAuthConnectionRepository(db, env.tables.oauthConnections),
    client: createOAuthClient(createGuardedFetch(outboundPolicy)),
    cipher: secretCipher(),
    now: Date.now,
  };
}

let connect: OAuthConnect | undefined;
export function oauthConnect(): OAuthConnect {
  connect ??= createOAuthConnect({
    ...deps(),
    onRevokeFailure: (error) =>
      logger.warn('Remote MCP server: the token revocation failed (the tokens are deleted anyway)', {
        error: error instanceof Error ? error.name : 'unknown',
      }),
  });
  return connect;
}

let tokens: OAuthTokens | undefined;
export function oauthTokens(): OAuthTokens {
  tokens ??= createOAuthTokens(deps());
  return tokens;
}
