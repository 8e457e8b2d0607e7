import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * The web search API's key from Secrets Manager (a plain-string secret the operator creates,
 * named by the stage's `webSearch.secretName`), read once per container; the SDK's client is
 * loaded on first use, off the stream's cold start. A failure is not kept: the next search tries again.
 */
export function createSecretsManagerApiKey(options: {
  region: string;
  secretId: string;
}): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= import('@aws-sdk/client-secrets-manager')
      .then(({ SecretsManagerClient, GetSecretValueCommand }) =>
        (new SecretsManagerClient({ region: options.region }) as SecretsManagerClient).send(
          new GetSecretValueCommand({ SecretId: options.secretId }),
        ),
      )
      .then(({ SecretString }) => {
        if (!SecretString?.trim()) throw new Error('the secret is empty');
        return SecretString.trim();
      })
      .catch((error: unknown) => {
        cached = undefined;
        throw new Error('The web search is not available: its key could not be read.', { cause: error });
      });
    return cached;
  };
}
