import type { ProviderCredentials, ProviderFactory } from '../api-keys/provider-credentials.js';
import { ValidationError } from '../errors.js';
import type { ModelResolver } from './ports.js';

export interface CredentialsSource {
  resolveCredentials(userId: string, providerId: string): Promise<ProviderCredentials | undefined>;
}

/** The caller's key (or Custom endpoint) for the provider, else the platform's Bedrock models. */
export function createModelResolver(deps: {
  credentials: CredentialsSource;
  createProvider: ProviderFactory;
}): ModelResolver {
  return {
    async resolve(userId, providerId, model) {
      const credentials = await deps.credentials.resolveCredentials(userId, providerId);
      if (!credentials) {
        throw new ValidationError(
          `No API key is stored for the provider '${providerId}'. Add one in Settings.`,
        );
      }
      return { provider: deps.createProvider(credentials), model };
    },
  };
}
