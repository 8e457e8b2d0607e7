import * as z from 'zod';
import { type GithubOAuthClient, GithubOAuthError } from '../../domain/github/github-link.js';

export interface GithubAppCredentials {
  clientId: string;
  clientSecret: string;
}

export interface GithubOAuthClientOptions {
  /** `https://github.com` (the local GitHub service's URL on the local stack). */
  oauthUrl: string;
  /** `https://api.github.com`. */
  apiUrl: string;
  /** The OAuth App's client id and secret (Secrets Manager on AWS), read on first use. */
  credentials: () => Promise<GithubAppCredentials>;
  /** Omitted: GitHub uses the App's registered callback URL. */
  redirectUri?: string;
  /** What the token may do: the GitHub MCP server works on repositories. */
  scope?: string;
  fetch?: typeof fetch;
  /** Per call. @default 10 s */
  timeoutMs?: number;
}

export const DEFAULT_GITHUB_SCOPE = 'repo read:user';

const tokenAnswerSchema = z.union([
  z.object({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    scope: z.string().optional(),
  }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);
const userSchema = z.object({ login: z.string().min(1), id: z.number() });

/** GitHub's OAuth web flow (RFC 6749 plus PKCE) and `GET /user`, over HTTPS with fetch. */
export function createGithubOAuthClient(options: GithubOAuthClientOptions): GithubOAuthClient {
  const send = options.fetch ?? fetch;
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const basic = ({ clientId, clientSecret }: GithubAppCredentials) =>
    `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  return {
    async authorizeUrl({ state, codeChallenge }) {
      const { clientId } = await options.credentials();
      const url = new URL('/login/oauth/authorize', options.oauthUrl);
      url.search = new URLSearchParams({
        client_id: clientId,
        scope: options.scope ?? DEFAULT_GITHUB_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        allow_signup: 'false',
        ...(options.redirectUri ? { redirect_uri: options.redirectUri } : {}),
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, codeVerifier }) {
      const { clientId, clientSecret } = await options.credentials();
      const response = await send(new URL('/login/oauth/access_token', options.oauthUrl), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          code,
          code_verifier: codeVerifier,
          ...(options.redirectUri ? { redirect_uri: options.redirectUri } : {}),
        }),
        signal: timeout(),
      });
      if (!response.ok)
        throw new GithubOAuthError(`GitHub answered the token exchange with ${response.status}`);
      // GitHub reports OAuth errors with 200 and {error, error_description}.
      const answer = tokenAnswerSchema.parse(await response.json());
      if ('error' in answer)
        throw new GithubOAuthError(`GitHub refused the code: ${answer.error}`, answer.error);
      return { accessToken: answer.access_token };
    },

    async getUser(accessToken) {
      const response = await send(new URL('/user', options.apiUrl), {
        headers: {
          Accept: 'application/vnd.github+json',
          Authorization: `Bearer ${accessToken}`,
          'X-GitHub-Api-Version': '2022-11-28',
          'User-Agent': 'AgentForge',
        },
        signal: timeout(),
      });
      if (!response.ok) throw new GithubOAuthError(`GitHub answered GET /user with ${response.status}`);
      return userSchema.parse(await response.json());
    },

    async revokeToken(accessToken) {
      const credentials = await options.credentials();
      const response = await send(
        new URL(`/applications/${encodeURIComponent(credentials.clientId)}/token`, options.apiUrl),
        {
          method: 'DELETE',
          headers: {
            Accept: 'application/vnd.github+json',
            Authorization: basic(credentials),
            'Content-Type': 'application/json',
            'X-GitHub-Api-Version': '2022-11-28',
            'User-Agent': 'AgentForge',
          },
          body: JSON.stringify({ access_token: accessToken }),
          signal: timeout(),
        },
      );
      // 204 revoked; 404 GitHub no longer knows the token (revoked by the user on github.com).
      if (response.status !== 204 && response.status !== 404) {
        throw new GithubOAuthError(`GitHub answered the token revocation with ${response.status}`);
      }
    },
  };
}
