import * as z from 'zod';

/**
 * A user's OAuth connection to a remote MCP server (issue 30 item 1, the MCP authorization spec):
 * one per user and server (per member for a team's server), its tokens encrypted at rest, refreshed
 * under a lease so that one refresh runs at a time.
 */

/** Where a remote server's tokens come from (discovered from its 401, RFC 9728 then RFC 8414). */
export interface OAuthAuthority {
  authorizationServerUrl: string;
  /** The authorization server's metadata (RFC 8414 / OpenID), as it answered. */
  metadata?: Record<string, unknown>;
  /** RFC 8707: the resource the tokens are for. */
  resource: string;
  scope?: string;
}

export interface OAuthRegistration {
  clientId: string;
  clientSecret?: string;
}

export interface OAuthGrant {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms; absent when the server did not say. */
  expiresAt?: number;
}

/** The authorization server refused the refresh (invalid_grant and the like): the user must reconnect. */
export class RefreshRefusedError extends Error {
  constructor(options?: ErrorOptions) {
    super('The authorization server refused the refresh token', options);
    this.name = 'RefreshRefusedError';
  }
}

export interface OAuthClientPort {
  discover(serverUrl: string): Promise<OAuthAuthority>;
  /** RFC 7591; undefined where the server has no registration endpoint. */
  register(authority: OAuthAuthority, redirectUri: string): Promise<OAuthRegistration | undefined>;
  authorizationUrl(
    authority: OAuthAuthority,
    registration: OAuthRegistration,
    request: { redirectUri: string; state: string },
  ): Promise<{ url: string; codeVerifier: string }>;
  exchange(
    authority: OAuthAuthority,
    registration: OAuthRegistration,
    request: { code: string; codeVerifier: string; redirectUri: string },
  ): Promise<OAuthGrant>;
  /** Rejects with RefreshRefusedError when the server refuses the refresh token. */
  refresh(
    authority: OAuthAuthority,
    registration: OAuthRegistration,
    refreshToken: string,
  ): Promise<OAuthGrant>;
  /** RFC 7009: whether the server took the revocation (false: it has no revocation endpoint). */
  revoke(authority: OAuthAuthority, registration: OAuthRegistration, token: string): Promise<boolean>;
}

export const OAUTH_CONNECTION_STATES = ['connected', 'needs_reconnect'] as const;

export const oauthConnectionRecordSchema = z.object({
  userId: z.string(),
  serverId: z.string(),
  status: z.enum(OAUTH_CONNECTION_STATES),
  /** JSON of the OAuthAuthority (public metadata, no secret). */
  authority: z.string(),
  clientId: z.string(),
  clientSecretCiphertext: z.string().optional(),
  /** JSON {accessToken, refreshToken} encrypted with oauthTokensContext. */
  tokensCiphertext: z.string(),
  /** Epoch ms the access token expires; absent: the server did not say. */
  tokenExpiresAt: z.number().optional(),
  connectedAt: z.number(),
  updatedAt: z.number(),
  /** Counts the writes of tokens or status (the lease's check that nothing changed since a read). */
  revision: z.number().int().default(0),
  /** The refresh lease: who refreshes now, and until when (epoch ms). */
  leaseId: z.string().optional(),
  leaseUntil: z.number().optional(),
});
export type OAuthConnectionRecord = z.infer<typeof oauthConnectionRecordSchema>;

/** An authorization started and not yet come back: kept by the state's SHA-256, used once. */
export const pendingAuthorizationSchema = z.object({
  serverId: z.string(),
  authority: z.string(),
  clientId: z.string(),
  clientSecretCiphertext: z.string().optional(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  /** Epoch seconds (DynamoDB's TTL attribute). */
  expiresAt: z.number(),
});
export type PendingAuthorization = z.infer<typeof pendingAuthorizationSchema>;

export interface OAuthConnectionRepository {
  putPending(userId: string, stateHash: string, pending: PendingAuthorization): Promise<void>;
  /** Removes and returns the pending authorization if it exists and has not expired (one write). */
  takePending(
    userId: string,
    stateHash: string,
    nowSeconds: number,
  ): Promise<PendingAuthorization | undefined>;
  get(userId: string, serverId: string): Promise<OAuthConnectionRecord | undefined>;
  put(record: OAuthConnectionRecord): Promise<void>;
  /** Deletes the connection; returns what was stored. */
  delete(userId: string, serverId: string): Promise<OAuthConnectionRecord | undefined>;
  /**
   * Takes the refresh lease (a conditional write) unless another unexpired one is held or the
   * record changed since it was read (its `revision`): a refresh that already ran is not repeated
   * with the refresh token it used up.
   */
  acquireLease(
    record: Pick<OAuthConnectionRecord, 'userId' | 'serverId' | 'revision'>,
    lease: { leaseId: string; now: number; until: number },
  ): Promise<boolean>;
  /** Writes the lease holder's outcome (a new revision) and releases the lease; false if the lease was lost. */
  settleLease(
    userId: string,
    serverId: string,
    leaseId: string,
    changes: Partial<
      Pick<OAuthConnectionRecord, 'status' | 'tokensCiphertext' | 'tokenExpiresAt' | 'updatedAt'>
    >,
  ): Promise<boolean>;
}

/** The encryption contexts: a ciphertext moved to another user, server or field does not decrypt. */
export const oauthTokensContext = (userId: string, serverId: string) => ({
  purpose: 'mcp-oauth-tokens',
  userId,
  serverId,
});
export const oauthClientSecretContext = (userId: string, serverId: string) => ({
  purpose: 'mcp-oauth-client-secret',
  userId,
  serverId,
});
