import {
  type GithubAuthorizeUrlResponse,
  type GithubExchangeCodeBody,
  type GithubExchangeCodeResponse,
  type GithubLink,
  githubAuthorizeUrlResponseSchema,
  githubExchangeCodeResponseSchema,
  githubLinkSchema,
} from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /github/link: whether the user linked GitHub, and as whom. */
export function getGithubLink(signal?: AbortSignal): Promise<GithubLink> {
  return apiClient.get('/github/link', { schema: githubLinkSchema, ...(signal ? { signal } : {}) });
}

/** POST /github/authorize-url: a state issued to the user, and GitHub's authorize URL carrying it. */
export function createAuthorizeUrl(targetAppId?: string): Promise<GithubAuthorizeUrlResponse> {
  return apiClient.post('/github/authorize-url', targetAppId ? { targetAppId } : {}, {
    schema: githubAuthorizeUrlResponseSchema,
  });
}

/** POST /api/github/exchange-code: the callback's code for the linked username. */
export function exchangeCode(body: GithubExchangeCodeBody): Promise<GithubExchangeCodeResponse> {
  return apiClient.post('/github/exchange-code', body, { schema: githubExchangeCodeResponseSchema });
}

/** DELETE /github/link (204): revokes the token at GitHub. */
export async function unlinkGithub(): Promise<void> {
  await apiClient.del('/github/link');
}
