import { fallbackModel, type Provider, parseTeamProviderId } from '@agentforge/shared';
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
 *
 * With `offered` (what the caller can chat with now), spec 4 "Provider fallback": a provider the
 * caller cannot use, or a platform model the live catalogue no longer offers (retired), gives way
 * to fallbackModel's pick, which the result names (`fellBackTo`) for the conversation to keep.
 */
export function createModelResolver(deps: {
  credentials: CredentialsSource;
  createProvider: ProviderFactory;
  meter?: TokenMeter;
  offered?: (userId: string) => Promise<readonly Provider[]>;
}): ModelResolver {
  /** Whether the platform still offers the model; a user's key or endpoint is its provider's to judge. */
  async function offers(credentials: ProviderCredentials | undefined, model: string): Promise<boolean> {
    if (!credentials) return false;
    if (credentials.provider !== 'bedrock') return true;
    const models = await deps.createProvider(credentials).listModels();
    return models.some((offered) => offered.id === model);
  }

  return {
    async resolve(userId, providerId, model, teamSpace) {
      let chosen = { providerId, model };
      let credentials = await deps.credentials.resolveCredentials(userId, providerId);
      let fellBackTo: { provider: string; model: string } | undefined;
      if (deps.offered && !(await offers(credentials, model))) {
        const pick = fallbackModel(await deps.offered(userId));
        if (pick) {
          fellBackTo = pick;
          chosen = { providerId: pick.provider, model: pick.model };
          credentials = await deps.credentials.resolveCredentials(userId, pick.provider);
        }
      }
      if (!credentials) {
        throw new ValidationError(
          `No API key is stored for the provider '${providerId}'. Add one in Settings.`,
        );
      }
      const provider = deps.createProvider(credentials);
      // A team's key (`team:<teamId>:…`, resolved only for its members) is recorded on the team.
      const keyTeamId = parseTeamProviderId(chosen.providerId)?.teamId;
      const ownKey = credentials.provider !== 'bedrock';
      return {
        provider: deps.meter
          ? deps.meter.meter(userId, provider, {
              ownKey,
              ...(keyTeamId ? { keyTeamId } : {}),
              ...(teamSpace ? { teamSpace } : {}),
            })
          : provider,
        model: chosen.model,
        ...(fellBackTo ? { fellBackTo } : {}),
        ...(deps.meter && !ownKey ? { reservesTokens: true } : {}),
      };
    },
  };
}
