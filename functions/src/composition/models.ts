import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { createApiKeyRepository } from '../adapters/dynamodb/api-key-repository.js';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import { createTokenLedger } from '../adapters/dynamodb/token-ledger.js';
import { newUlid } from '../adapters/ids/ulid.js';
import { assertAllowedEndpoint, createGuardedFetch } from '../adapters/net/guarded-fetch.js';
import { createBedrockCatalogue } from '../adapters/providers/bedrock-catalogue.js';
import { createModelProvider, preloadProvider, providerBaseUrl } from '../adapters/providers/index.js';
import { type ApiKeyService, createApiKeyService } from '../domain/api-keys/api-key-service.js';
import { platformProvidersFrom } from '../domain/api-keys/platform-providers.js';
import type { ProviderFactory } from '../domain/api-keys/provider-credentials.js';
import { createModelResolver } from '../domain/chat/model-resolver.js';
import type { ModelResolver } from '../domain/chat/ports.js';
import { createTokenMeter } from '../domain/limits/token-meter.js';
import { createTeamCredentials } from '../domain/teams/team-credentials.js';
import { logger } from '../logger.js';
import { outboundPolicy } from './outbound.js';
import { db, env } from './root.js';
import { secretCipher } from './secrets.js';
import { myTeamsReader } from './team-scope.js';

/** Every provider call goes through the stage's outbound guard. */
export const guardedFetch = createGuardedFetch(outboundPolicy);

const bedrockEnabled = env.BEDROCK_ENABLED ?? env.RUNTIME === 'aws';
const bedrockRegion = env.BEDROCK_REGION ?? env.AWS_REGION;

/** The platform's Bedrock models as the account can call them now, read at most every 10 minutes. */
const bedrockCatalogue = createBedrockCatalogue({
  client: () =>
    import('@aws-sdk/client-bedrock').then(
      ({ BedrockClient }) => new BedrockClient({ region: bedrockRegion }),
    ),
  region: bedrockRegion,
  allowList: env.BEDROCK_MODELS.length > 0 ? env.BEDROCK_MODELS : undefined,
});

let bedrock: Promise<BedrockRuntimeClient> | undefined;
/** Builds a model provider's adapter for one user's credentials; the Bedrock client only if asked for. */
export const providerFactory: ProviderFactory = (credentials) =>
  createModelProvider(credentials, {
    bedrock: () => {
      bedrock ??= import('@aws-sdk/client-bedrock-runtime').then(
        ({ BedrockRuntimeClient }) => new BedrockRuntimeClient({ region: bedrockRegion }),
      );
      return bedrock;
    },
    bedrockCatalogue,
    fetch: guardedFetch,
  });

let apiKeys: ApiKeyService | undefined;
export function apiKeyService(): ApiKeyService {
  apiKeys ??= createApiKeyService({
    keys: createApiKeyRepository(db, env.tables.apiKeys),
    cipher: secretCipher(),
    providerFactory,
    platformProviders: async () =>
      bedrockEnabled ? platformProvidersFrom(await bedrockCatalogue.list()) : [],
    newKeyId: newUlid,
    now: Date.now,
    checkEndpoint: (baseUrl) => assertAllowedEndpoint(baseUrl, outboundPolicy),
    // On a cold start, the provider's code and undici load while the key and the history are read:
    // for a Custom key, or any keyed provider on a stage without the platform's models. Where the
    // platform serves them, a keyed provider's id without the user's key is Bedrock's, and a
    // platform user's cold start would compile a package it never uses.
    prepare: (provider) => {
      if (provider === 'bedrock' || (bedrockEnabled && provider !== 'custom')) return;
      preloadProvider(provider);
      guardedFetch.warm();
    },
    // The provider's DNS, TCP and TLS while the key is decrypted and the reply's other reads finish.
    preconnect: (target) => {
      const baseUrl = providerBaseUrl(target);
      if (baseUrl) guardedFetch.preconnect(baseUrl);
    },
    onProviderFailure: (providerId, error) =>
      logger.warn('Provider left out of the providers list', {
        providerId,
        reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  });
  return apiKeys;
}

let resolver: ModelResolver | undefined;
export function modelResolver(): ModelResolver {
  resolver ??= createModelResolver({
    // Team keys (`team:<teamId>:<providerId>`) resolve as the team's while the caller is a member.
    credentials: createTeamCredentials(apiKeyService(), myTeamsReader()),
    createProvider: providerFactory,
    // Spec 4 "Provider fallback" picks from what the caller can chat with now.
    offered: (userId) => apiKeyService().listProviders(userId),
    // The plan's token limits on every model call of the streams (issue 11).
    meter: createTokenMeter({
      plans: createPlanLookup(db, env.tables.billing, myTeamsReader()),
      ledger: createTokenLedger(db, env.tables.usage),
      now: Date.now,
      newId: newUlid,
    }),
  });
  return resolver;
}
