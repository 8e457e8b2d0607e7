import type { ProviderCredentials, ProviderFactory } from '../api-keys/provider-credentials.js';
import { ValidationError } from '../errors.js';
import type { TokenMeter } from '../limits/token-meter.js';
import type { ModelResolver } from './ports.js';

export interface CredentialsSource {
  resolveCredentials(userId: string, providerId: string): Promise<ProviderCredentials | undefined>;
}

/**
 * The caller's key (or Custom endpoint) for the provider, else the platform's Bedrock models;
 * with a meter, every call of the provider follows the caller's plan's token limits.
 */
export function createModelResolver(deps: {
  credentials: CredentialsSource;
  createProvider: ProviderFactory;
  meter?: TokenMeter;
}): ModelResolver {
  return {
    async resolve(userId, providerId, model) {
      const credentials = await deps.credentials.resolveCredentials(userId, providerId);
      if (!credentials) {
        throw new ValidationError(
          `No API key is stored for the provider '${providerId}'. Add one in Settings.`,
        );
      }
      const provider = deps.createProvider(credentials);
      return {
        provider: deps.meter
          ? deps.meter.meter(userId, provider, { ownKey: credentials.provider !== 'bedrock' })
          : provider,
        model,
      };
    },
  };
}
