import { parseTeamProviderId } from '@agentforge/shared';
import type { ProviderCredentials, ProviderFactory } from '../api-keys/provider-credentials.js';
import { ValidationError } from '../errors.js';
import type { TokenMeter } from '../limits/token-meter.js';
import type { ModelResolver } from './ports.js';

export interface CredentialsSource {
  resolveCredentials(userId: string, providerId: string): Promise<ProviderCredentials | undefined>;
}

/**
 * The caller's key (or Custom endpoint) for the provider, else the platform's Bedrock models;
 * with a meter, every call of the provider follows the token limits of the caller's plan, or in a
 * team space (`teamSpace`, the conversation's team) the team's.
 */
export function createModelResolver(deps: {
  credentials: CredentialsSource;
  createProvider: ProviderFactory;
  meter?: TokenMeter;
}): ModelResolver {
  return {
    async resolve(userId, providerId, model, teamSpace) {
      const credentials = await deps.credentials.resolveCredentials(userId, providerId);
      if (!credentials) {
        throw new ValidationError(
          `No API key is stored for the provider '${providerId}'. Add one in Settings.`,
        );
      }
      const provider = deps.createProvider(credentials);
      // A team's key (`team:<teamId>:…`, resolved only for its members) is recorded on the team.
      const keyTeamId = parseTeamProviderId(providerId)?.teamId;
      return {
        provider: deps.meter
          ? deps.meter.meter(userId, provider, {
              ownKey: credentials.provider !== 'bedrock',
              ...(keyTeamId ? { keyTeamId } : {}),
              ...(teamSpace ? { teamSpace } : {}),
            })
          : provider,
        model,
      };
    },
  };
}
