/**
 * The GitHub account link (issue 12). An OAuth App's user token (docs/decisions/github.md, "GitHub
 * link"), kept encrypted on the user's record; the authorization states a user was issued wait
 * beside it, keyed by their SHA-256, until used once or expired.
 */

/** An authorization the server issued: only its owner can use it, once, before `expiresAt`. */
export interface IssuedState {
  expiresAt: number;
  /** PKCE (S256): sent with the code exchange, never to the browser. */
  codeVerifier: string;
  targetAppId?: string;
}

export interface StoredGithubLink {
  username: string;
  githubId: number;
  linkedAt: number;
  /** The access token, encrypted with the secrets cipher (context: githubTokenContext). */
  tokenCiphertext: string;
}

export interface GithubLinkRepository {
  /** Records a state as issued to the user (prunes the user's expired ones). */
  issueState(userId: string, stateHash: string, state: IssuedState, now: number): Promise<void>;
  /**
   * Removes the state and returns it only if it was issued to this user and has not expired:
   * one conditional write, so two exchanges with one state cannot both succeed.
   */
  consumeState(userId: string, stateHash: string, now: number): Promise<IssuedState | undefined>;
  getLink(userId: string): Promise<StoredGithubLink | undefined>;
  putLink(userId: string, link: StoredGithubLink): Promise<void>;
  /** Deletes the link; returns what was stored. */
  deleteLink(userId: string): Promise<StoredGithubLink | undefined>;
}

export interface GithubUser {
  login: string;
  id: number;
}

/** GitHub's OAuth web flow and REST API, as the link uses them. */
export interface GithubOAuthClient {
  /** `https://github.com/login/oauth/authorize?...` for this state. */
  authorizeUrl(params: { state: string; codeChallenge: string }): Promise<string>;
  /** Exchanges a code; rejects with GithubOAuthError when GitHub refuses it. */
  exchangeCode(params: { code: string; codeVerifier: string }): Promise<{ accessToken: string }>;
  getUser(accessToken: string): Promise<GithubUser>;
  /** Revokes the token; resolves when it was revoked or GitHub no longer knows it. */
  revokeToken(accessToken: string): Promise<void>;
}

/** GitHub refused a call (an OAuth error or a non-2xx answer). Its message names no secret. */
export class GithubOAuthError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'GithubOAuthError';
  }
}

/** The encryption context of a user's GitHub token: a ciphertext moved to another user does not decrypt. */
export const githubTokenContext = (userId: string) => ({ purpose: 'github-token', userId });

/** How long an issued state may wait for its callback. */
export const STATE_TTL_MS = 10 * 60_000;
