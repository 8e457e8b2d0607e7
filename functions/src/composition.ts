import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { KMSClient } from '@aws-sdk/client-kms';
import { ulid } from 'ulid';
import {
  createCognitoIdTokenVerifier,
  createLocalIdTokenVerifier,
  type IdTokenVerifier,
} from './adapters/cognito/id-token-verifier.js';
import { createApiKeyRepository } from './adapters/dynamodb/api-key-repository.js';
import { createConversationRepository } from './adapters/dynamodb/conversation-repository.js';
import { createDocumentClient } from './adapters/dynamodb/document-client.js';
import { createMessageRepository } from './adapters/dynamodb/message-repository.js';
import { createUsageRepository } from './adapters/dynamodb/usage-repository.js';
import { createUserRepository } from './adapters/dynamodb/user-repository.js';
import { BEDROCK_MODELS, createModelProvider } from './adapters/providers/index.js';
import { createKmsSecretCipher } from './adapters/secrets/kms-secret-cipher.js';
import { createLocalSecretCipher } from './adapters/secrets/local-secret-cipher.js';
import { type ApiKeyService, createApiKeyService } from './domain/api-keys/api-key-service.js';
import { platformProvidersFrom } from './domain/api-keys/platform-providers.js';
import type { ProviderFactory } from './domain/api-keys/provider-credentials.js';
import { type ChatService, createChatService } from './domain/chat/chat-service.js';
import { createModelResolver } from './domain/chat/model-resolver.js';
import type { ModelResolver } from './domain/chat/ports.js';
import {
  type ConversationService,
  createConversationService,
} from './domain/conversations/conversation-service.js';
import type { SecretCipher } from './domain/secret-cipher.js';
import { createUserService, type UserService } from './domain/users/user-service.js';
import { parseEnv } from './env.js';
import { logger } from './http/logger.js';

/**
 * The composition root: the only place that picks adapters (aws | local) and wires them into
 * services. Each service is built on first use and kept for the container's life. They are
 * plain function declarations so esbuild drops, per Lambda, every service (and its SDKs) that
 * the Lambda's handlers never ask for.
 */
export const env = parseEnv(process.env);

const db = createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT });

function required(name: keyof typeof env): string {
  const value = env[name];
  if (typeof value !== 'string' || !value) throw new Error(`Missing function environment variable ${name}`);
  return value;
}

let users: UserService | undefined;
export function userService(): UserService {
  users ??= createUserService({
    users: createUserRepository(db, env.tables.users),
    whitelistedEmails: env.WHITELISTED_EMAILS,
    now: Date.now,
  });
  return users;
}

let conversations: ConversationService | undefined;
export function conversationService(): ConversationService {
  conversations ??= createConversationService({
    conversations: createConversationRepository(db, env.tables.conversations),
    messages: createMessageRepository(db, env.tables.messages),
    newId: ulid,
    now: Date.now,
  });
  return conversations;
}

let chat: ChatService | undefined;
export function chatService(): ChatService {
  chat ??= createChatService({
    conversations: conversationService(),
    messages: createMessageRepository(db, env.tables.messages),
    models: modelResolver(),
    usage: createUsageRepository(db, env.tables.usage),
    newId: ulid,
    now: Date.now,
  });
  return chat;
}

let verifier: IdTokenVerifier | undefined;
/** For the functions without an API Gateway authorizer (the stream). */
export function idTokenVerifier(): IdTokenVerifier {
  verifier ??=
    env.RUNTIME === 'local'
      ? createLocalIdTokenVerifier({
          issuer: required('LOCAL_COGNITO_ISSUER'),
          jwksUri: required('LOCAL_COGNITO_JWKS_URI'),
          clientId: required('USER_POOL_CLIENT_ID'),
        })
      : createCognitoIdTokenVerifier(required('USER_POOL_ID'), required('USER_POOL_CLIENT_ID'));
  return verifier;
}

let cipher: SecretCipher | undefined;
/** Secrets at rest: AES-256-GCM with the local key file locally, KMS on AWS. */
export function secretCipher(): SecretCipher {
  cipher ??=
    env.RUNTIME === 'local'
      ? createLocalSecretCipher({ keyFile: required('LOCAL_SECRETS_KEY_FILE') })
      : createKmsSecretCipher({
          client: new KMSClient({ region: env.AWS_REGION }),
          keyId: env.SECRETS_KMS_KEY_ID,
        });
  return cipher;
}

let bedrock: BedrockRuntimeClient | undefined;
/** Builds a model provider's adapter for one user's credentials; the Bedrock client only if asked for. */
export const providerFactory: ProviderFactory = (credentials) =>
  createModelProvider(credentials, {
    bedrock: () => {
      bedrock ??= new BedrockRuntimeClient({ region: env.AWS_REGION });
      return bedrock;
    },
  });

let apiKeys: ApiKeyService | undefined;
export function apiKeyService(): ApiKeyService {
  apiKeys ??= createApiKeyService({
    keys: createApiKeyRepository(db, env.tables.apiKeys),
    cipher: secretCipher(),
    providerFactory,
    platformProviders:
      (env.BEDROCK_ENABLED ?? env.RUNTIME === 'aws') ? platformProvidersFrom(BEDROCK_MODELS) : [],
    newKeyId: ulid,
    now: Date.now,
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
  resolver ??= createModelResolver({ credentials: apiKeyService(), createProvider: providerFactory });
  return resolver;
}
