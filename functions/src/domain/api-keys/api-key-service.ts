import {
  API_KEY_MESSAGES,
  type ApiKeyView,
  type CreateApiKeyBody,
  lastFour,
  PROVIDER_DISPLAY_NAMES,
  type Provider,
  type ValidateApiKeyBody,
  type ValidateApiKeyResponse,
} from '@agentforge/shared';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { ProviderError, type ProviderId } from '../models/model-provider.js';
import type { SecretCipher } from '../secret-cipher.js';
import {
  type ApiKeyRepository,
  apiKeyEncryptionContext,
  type StoredApiKey,
  toApiKeyView,
} from './api-key.js';
import { createProviderCache } from './provider-cache.js';
import { withProviderTimeout } from './provider-calls.js';
import { listAvailableProviders } from './provider-catalogue.js';
import {
  CUSTOM_PROVIDER_PREFIX,
  isKeyedProvider,
  type ProviderCredentials,
  type ProviderFactory,
} from './provider-credentials.js';
import { currentKeyOf, decryptCredentials } from './stored-credentials.js';

/** Custom endpoints a user may store: the providers list calls each one's `/models`. */
export const MAX_CUSTOM_ENDPOINTS = 10;

export interface ApiKeyServiceDeps {
  keys: ApiKeyRepository;
  cipher: SecretCipher;
  providerFactory: ProviderFactory;
  /**
   * What the platform serves through Bedrock on this stage now (the live catalogue, cached by the
   * adapter); empty where it has no Bedrock.
   */
  platformProviders: () => Promise<readonly Provider[]>;
  newKeyId: () => string;
  now: () => number;
  /** Refuses a base URL the stage may not call (private addresses on AWS): ValidationError. */
  checkEndpoint: (baseUrl: string) => Promise<void>;
  /** Told of each provider the providers list leaves out, with the error (logged as a warning). */
  onProviderFailure?: (providerId: string, error: unknown) => void;
  /**
   * Told where a reply's model call will go as soon as its key is read, before the key is
   * decrypted: the adapter opens the connection meanwhile (adapters/net/preconnect.ts).
   */
  preconnect?: (target: Pick<StoredApiKey, 'provider' | 'baseUrl'>) => void;
  /**
   * Told which provider a reply's key is for before the key is read: the adapter loads that
   * provider's client code meanwhile (on a cold start, its first use).
   */
  prepare?: (provider: ProviderId) => void;
  /** Time given to a provider's `validate()` and `listModels()`. @default 10 s and 5 s */
  timeouts?: { validateMs: number; listModelsMs: number };
}

/** POST /api-keys/validate: a stored key by id, or credentials not saved yet. */
export type ValidateApiKeyRequest = { keyId: string } | ValidateApiKeyBody;

/** Stores a key encrypted. A keyed provider's new key replaces its old one. */
async function storeKey(
  deps: ApiKeyServiceDeps,
  userId: string,
  body: CreateApiKeyBody,
): Promise<ApiKeyView> {
  const { keys, cipher } = deps;
  const existing = await keys.list(userId);
  if (
    body.provider === 'custom' &&
    existing.filter((k) => k.provider === 'custom').length >= MAX_CUSTOM_ENDPOINTS
  ) {
    throw new ConflictError(
      `At most ${MAX_CUSTOM_ENDPOINTS} custom endpoints can be stored; delete one first`,
    );
  }
  if (body.baseUrl) await deps.checkEndpoint(body.baseUrl);
  const keyId = deps.newKeyId();
  const record: StoredApiKey = {
    userId,
    keyId,
    provider: body.provider,
    label:
      body.label ??
      (body.provider === 'custom' && body.baseUrl ? body.baseUrl : PROVIDER_DISPLAY_NAMES[body.provider]),
    ...(body.baseUrl ? { baseUrl: body.baseUrl } : {}),
    last4: body.apiKey ? lastFour(body.apiKey) : '',
    ...(body.apiKey
      ? { ciphertext: await cipher.encrypt(body.apiKey, apiKeyEncryptionContext({ userId, keyId })) }
      : {}),
    createdAt: deps.now(),
  };
  await keys.create(record);
  if (body.provider !== 'custom') {
    const replaced = existing.filter((k) => k.provider === body.provider);
    await Promise.all(replaced.map((old) => keys.delete(userId, old.keyId)));
  }
  return toApiKeyView(record);
}

async function resolveCredentials(
  { keys, cipher, platformProviders, preconnect, prepare }: ApiKeyServiceDeps,
  userId: string,
  providerId: string,
): Promise<ProviderCredentials | undefined> {
  if (providerId.startsWith(CUSTOM_PROVIDER_PREFIX)) prepare?.('custom');
  else if (isKeyedProvider(providerId)) prepare?.(providerId);
  const decrypted = (record: StoredApiKey) => {
    preconnect?.(record);
    return decryptCredentials(cipher, record);
  };
  if (providerId.startsWith(CUSTOM_PROVIDER_PREFIX)) {
    const record = await keys.get(userId, providerId.slice(CUSTOM_PROVIDER_PREFIX.length));
    return record?.provider === 'custom' ? decrypted(record) : undefined;
  }
  const own = isKeyedProvider(providerId) ? currentKeyOf(await keys.list(userId), providerId) : undefined;
  if (own) return decrypted(own);
  return (await platformProviders()).some((p) => p.id === providerId) ? { provider: 'bedrock' } : undefined;
}

async function validateCredentials(
  deps: ApiKeyServiceDeps,
  timeoutMs: number,
  userId: string,
  request: ValidateApiKeyRequest,
): Promise<ValidateApiKeyResponse> {
  let credentials: ProviderCredentials;
  if ('keyId' in request) {
    const record = await deps.keys.get(userId, request.keyId);
    if (!record) throw new NotFoundError('API key not found');
    credentials = await decryptCredentials(deps.cipher, record);
  } else credentials = credentialsOfBody(request);
  if ('baseUrl' in credentials && credentials.baseUrl) await deps.checkEndpoint(credentials.baseUrl);
  try {
    await withProviderTimeout(deps.providerFactory(credentials).validate(), timeoutMs);
    return { valid: true };
  } catch (error) {
    if (error instanceof ProviderError) return { valid: false, message: error.message };
    throw error;
  }
}

export function createApiKeyService(deps: ApiKeyServiceDeps) {
  const { keys, cipher, providerFactory, platformProviders } = deps;
  const timeouts = deps.timeouts ?? { validateMs: 10_000, listModelsMs: 5_000 };
  // Every chat page asks for the providers; listing models calls each provider (seconds, quotas).
  const cache = createProviderCache(deps.now);

  return {
    /** Stores a key encrypted. A keyed provider's new key replaces its old one. */
    async create(userId: string, body: CreateApiKeyBody): Promise<ApiKeyView> {
      cache.forget(userId);
      return storeKey(deps, userId, body);
    },

    async list(userId: string): Promise<ApiKeyView[]> {
      return (await keys.list(userId)).map(toApiKeyView);
    },

    /** Another user's key or an unknown id is NotFoundError. */
    async remove(userId: string, keyId: string): Promise<void> {
      cache.forget(userId);
      if (!(await keys.delete(userId, keyId))) throw new NotFoundError('API key not found');
    },

    /** Asks the provider whether the credentials work; a rejection is an answer, not an error. */
    validate: (userId: string, request: ValidateApiKeyRequest) =>
      validateCredentials(deps, timeouts.validateMs, userId, request),

    /** GET /api-keys/providers: what this user can chat with now; a failing provider is left out. */
    listProviders(userId: string): Promise<Provider[]> {
      return listAvailableProviders(
        {
          keys,
          cipher,
          providerFactory,
          platformProviders,
          listModelsTimeoutMs: timeouts.listModelsMs,
          onProviderFailure: deps.onProviderFailure ?? (() => {}),
          cache,
        },
        userId,
      );
    },

    /**
     * For the chat stream: the decrypted credentials behind a provider id from the providers list
     * (`anthropic`, ..., `custom:<keyId>`). The user's own key wins over the platform's Bedrock;
     * `undefined` if this user cannot use that provider (the chat then falls back).
     */
    resolveCredentials: (userId: string, providerId: string) => resolveCredentials(deps, userId, providerId),
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** The schema already demands these; the checks keep the types honest. */
function credentialsOfBody({ provider, apiKey, baseUrl }: ValidateApiKeyBody): ProviderCredentials {
  if (provider === 'custom') {
    if (!baseUrl) throw new ValidationError(API_KEY_MESSAGES.baseUrlRequired);
    return { provider, baseUrl, ...(apiKey ? { apiKey } : {}) };
  }
  if (!apiKey) throw new ValidationError(API_KEY_MESSAGES.apiKeyRequired);
  return { provider, apiKey, ...(baseUrl ? { baseUrl } : {}) };
}
