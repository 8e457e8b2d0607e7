import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import type { GithubAppCredentials } from './oauth-client.js';

const secretSchema = z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) });

/**
 * The GitHub OAuth App's client id and secret from Secrets Manager (a JSON secret
 * `{"clientId": "...", "clientSecret": "..."}`), read once per container.
 */
export function createSecretsManagerGithubCredentials(options: {
  client: SecretsManagerClient;
  secretId: string;
}): () => Promise<GithubAppCredentials> {
  let cached: Promise<GithubAppCredentials> | undefined;
  return () => {
    cached ??= options.client
      .send(new GetSecretValueCommand({ SecretId: options.secretId }))
      .then(({ SecretString }) => secretSchema.parse(JSON.parse(SecretString ?? '{}')))
      .catch((error: unknown) => {
        cached = undefined;
        throw new Error('The GitHub OAuth App secret could not be read', { cause: error });
      });
    return cached;
  };
}
