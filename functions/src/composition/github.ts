import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createGithubLinkRepository } from '../adapters/dynamodb/github-link-repository.js';
import { createGithubOAuthClient } from '../adapters/github/oauth-client.js';
import { createSecretsManagerGithubCredentials } from '../adapters/github/secrets-manager-credentials.js';
import { createGithubLinkService, type GithubLinkService } from '../domain/github/github-link-service.js';
import { logger } from '../logger.js';
import { db, env, required } from './root.js';
import { secretCipher } from './secrets.js';

function credentials() {
  if (env.RUNTIME === 'local') {
    const local = { clientId: required('GITHUB_CLIENT_ID'), clientSecret: required('GITHUB_CLIENT_SECRET') };
    return async () => local;
  }
  return createSecretsManagerGithubCredentials({
    client: new SecretsManagerClient({ region: env.AWS_REGION }),
    secretId: required('GITHUB_SECRET_ID'),
  });
}

let service: GithubLinkService | undefined;
/** The GitHub account link: github.com on AWS, the local GitHub service on the local stack. */
export function githubLinkService(): GithubLinkService {
  service ??= createGithubLinkService({
    links: createGithubLinkRepository(db, env.tables.users),
    github: createGithubOAuthClient({
      oauthUrl: env.GITHUB_OAUTH_URL,
      apiUrl: env.GITHUB_API_URL,
      credentials: credentials(),
      ...(env.GITHUB_REDIRECT_URI ? { redirectUri: env.GITHUB_REDIRECT_URI } : {}),
    }),
    cipher: secretCipher(),
    now: Date.now,
    onRevokeFailure: (error) =>
      logger.warn('GitHub token revocation failed; the link is deleted anyway', {
        reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  });
  return service;
}
