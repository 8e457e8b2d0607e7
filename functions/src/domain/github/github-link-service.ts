import { createHash, randomBytes } from 'node:crypto';
import {
  GITHUB_STATE_LENGTH,
  type GithubAuthorizeUrlResponse,
  type GithubExchangeCodeResponse,
  type GithubLink,
} from '@agentforge/shared';
import { ValidationError } from '../errors.js';
import type { SecretCipher } from '../secret-cipher.js';
import {
  type GithubLinkRepository,
  type GithubOAuthClient,
  GithubOAuthError,
  githubTokenContext,
  STATE_TTL_MS,
} from './github-link.js';

export const STATE_REFUSED_MESSAGE =
  'This GitHub authorization is unknown, already used or expired. Start again from Settings.';
export const CODE_REFUSED_MESSAGE =
  'GitHub did not accept the authorization code. Start again from Settings.';

export interface GithubLinkServiceDeps {
  links: GithubLinkRepository;
  github: GithubOAuthClient;
  cipher: SecretCipher;
  now: () => number;
  /** Told when GitHub could not revoke a token on unlink (the link is deleted anyway). */
  onRevokeFailure?: (error: unknown) => void;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random alphanumeric characters (rejection sampling: no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

const sha256 = (value: string, encoding: 'hex' | 'base64url') =>
  createHash('sha256').update(value).digest(encoding);

export function createGithubLinkService(deps: GithubLinkServiceDeps) {
  const { links, github, cipher } = deps;
  return {
    /** Issues a state to this user and answers the authorize URL carrying it. */
    async authorizeUrl(userId: string, targetAppId?: string | null): Promise<GithubAuthorizeUrlResponse> {
      const state = randomAlphanumeric(GITHUB_STATE_LENGTH);
      const codeVerifier = randomAlphanumeric(64);
      const now = deps.now();
      await links.issueState(
        userId,
        sha256(state, 'hex'),
        { expiresAt: now + STATE_TTL_MS, codeVerifier, ...(targetAppId ? { targetAppId } : {}) },
        now,
      );
      const url = await github.authorizeUrl({ state, codeChallenge: sha256(codeVerifier, 'base64url') });
      return { url, state };
    },

    /** The callback's code: only with a state issued to this caller, unused and unexpired. */
    async exchangeCode(userId: string, code: string, state: string): Promise<GithubExchangeCodeResponse> {
      const issued = await links.consumeState(userId, sha256(state, 'hex'), deps.now());
      if (!issued) throw new ValidationError(STATE_REFUSED_MESSAGE);
      let accessToken: string;
      try {
        ({ accessToken } = await github.exchangeCode({ code, codeVerifier: issued.codeVerifier }));
      } catch (error) {
        if (error instanceof GithubOAuthError) throw new ValidationError(CODE_REFUSED_MESSAGE);
        throw error;
      }
      const user = await github.getUser(accessToken);
      const previous = await links.getLink(userId);
      await links.putLink(userId, {
        username: user.login,
        githubId: user.id,
        linkedAt: deps.now(),
        tokenCiphertext: await cipher.encrypt(accessToken, githubTokenContext(userId)),
      });
      // A relink replaces the old token: revoke it, unless GitHub handed back the same one.
      if (previous) {
        const old = await cipher.decrypt(previous.tokenCiphertext, githubTokenContext(userId));
        if (old !== accessToken) await revoke(old);
      }
      return { username: user.login };
    },

    async status(userId: string): Promise<GithubLink> {
      const link = await links.getLink(userId);
      return link ? { linked: true, username: link.username, linkedAt: link.linkedAt } : { linked: false };
    },

    /** Deletes the link and revokes its token at GitHub. Unlinking nothing is fine. */
    async unlink(userId: string): Promise<void> {
      const link = await links.deleteLink(userId);
      if (link) await revoke(await cipher.decrypt(link.tokenCiphertext, githubTokenContext(userId)));
    },
  };

  async function revoke(token: string): Promise<void> {
    try {
      await github.revokeToken(token);
    } catch (error) {
      deps.onRevokeFailure?.(error);
    }
  }
}
export type GithubLinkService = ReturnType<typeof createGithubLinkService>;

/** The user's GitHub token, decrypted (for an MCP server that starts with it), if linked. */
export async function linkedGithubToken(
  deps: Pick<GithubLinkServiceDeps, 'links' | 'cipher'>,
  userId: string,
): Promise<string | undefined> {
  const link = await deps.links.getLink(userId);
  return link ? deps.cipher.decrypt(link.tokenCiphertext, githubTokenContext(userId)) : undefined;
}
