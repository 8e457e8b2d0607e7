import { readFileSync } from 'node:fs';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { createApiKeyRepository } from '../adapters/dynamodb/api-key-repository.js';
import { createEmbedder } from '../adapters/embeddings/index.js';
import { isKeyedProvider } from '../domain/api-keys/provider-credentials.js';
import { currentKeyOf, decryptCredentials } from '../domain/api-keys/stored-credentials.js';
import type { CredentialsSource } from '../domain/chat/model-resolver.js';
import { createEmbedderChoice, type EmbedderChoice } from '../domain/knowledge/embedder-choice.js';
import type { StoredCollection } from '../domain/knowledge/knowledge.js';
import type { Embedder, VectorIndex } from '../domain/knowledge/ports.js';
import { TEAM_OWNER_PREFIX } from '../domain/teams/roles.js';
import { createTeamCredentials } from '../domain/teams/team-credentials.js';
import { guardedFetch } from './models.js';
import { db, env, required } from './root.js';
import { secretCipher } from './secrets.js';
import { myTeamsReader } from './team-scope.js';

/** Where the vector bucket is: the stage's, or locally the S3 Vectors stand-in with the local S3's credentials. */
const vectorOptions = () => ({
  region: env.AWS_REGION,
  vectorBucketName: required('KNOWLEDGE_VECTOR_BUCKET'),
  ...(env.RUNTIME === 'local'
    ? {
        endpoint: required('S3VECTORS_ENDPOINT'),
        credentials: JSON.parse(readFileSync(required('LOCAL_S3_CREDENTIALS_FILE'), 'utf8')) as {
          accessKeyId: string;
          secretAccessKey: string;
        },
      }
    : {}),
});

let index: Promise<VectorIndex> | undefined;
/**
 * Knowledge's vectors: the stage's S3 vector bucket (KNOWLEDGE_VECTOR_BUCKET) through the S3
 * Vectors adapter, loaded on first use (its SDK client is a chunk of its own). Locally: the S3
 * Vectors stand-in (S3VECTORS_ENDPOINT), signed with the local S3's credentials.
 */
export function knowledgeVectorIndex(): Promise<VectorIndex> {
  index ??= import('../adapters/s3vectors/s3-vector-index.js').then(({ createS3VectorIndex }) =>
    createS3VectorIndex(vectorOptions()),
  );
  return index;
}

let reader: Promise<Pick<VectorIndex, 'query'>> | undefined;
/**
 * The query half only, for a searcher that never writes (the chat's stream: QueryVectors is all
 * its role may do), loaded on the first search, so a turn that searches nothing never loads it.
 * Undefined without KNOWLEDGE_VECTOR_BUCKET (the stack grants it): keyword search only.
 */
export function knowledgeVectorReader(): Pick<VectorIndex, 'query'> | undefined {
  if (!env.KNOWLEDGE_VECTOR_BUCKET) return undefined;
  return {
    query: async (name, vector, filter, topK) => {
      reader ??= import('../adapters/s3vectors/s3-vector-reader.js').then(({ createS3VectorReader }) =>
        createS3VectorReader(vectorOptions()),
      );
      return (await reader).query(name, vector, filter, topK);
    },
  };
}

/**
 * The stored keys only (read and decrypted): the platform's model is the embedder choice's own
 * fallback, so the chat's credentials (which also list the platform's Bedrock models) are not needed.
 */
function storedKeys(): CredentialsSource {
  const keys = createApiKeyRepository(db, env.tables.apiKeys);
  const cipher = secretCipher();
  return {
    async resolveCredentials(userId, providerId) {
      if (!isKeyedProvider(providerId)) return undefined;
      const record = currentKeyOf(await keys.list(userId), providerId);
      return record ? decryptCredentials(cipher, record) : undefined;
    },
  };
}

let embedders: EmbedderChoice | undefined;
let bedrock: Promise<BedrockRuntimeClient> | undefined;
/**
 * Knowledge's embedding models: the caller's or their team's OpenAI, Google or Mistral key (the
 * chat's credentials, through the outbound guard), else the platform's Titan Text Embeddings V2 on
 * Bedrock where the platform's models are on (AWS; locally the Bedrock stand-in answers it too).
 */
export function knowledgeEmbedders(): EmbedderChoice {
  embedders ??= createEmbedderChoice({
    credentials: createTeamCredentials(storedKeys(), myTeamsReader()),
    platform: env.BEDROCK_ENABLED ?? env.RUNTIME === 'aws',
    create: (credentials) =>
      createEmbedder(credentials, {
        fetch: guardedFetch,
        bedrock: () => {
          bedrock ??= import('@aws-sdk/client-bedrock-runtime').then(
            ({ BedrockRuntimeClient }) =>
              new BedrockRuntimeClient({ region: env.BEDROCK_REGION ?? env.AWS_REGION }),
          );
          return bedrock;
        },
      }),
  });
  return embedders;
}

/**
 * The stage's vector index where the function may use it (KNOWLEDGE_VECTOR_BUCKET set: the stack
 * grants it), its adapter loaded on the first call; undefined elsewhere: keyword search only.
 */
export function knowledgeVectors(): VectorIndex | undefined {
  if (!env.KNOWLEDGE_VECTOR_BUCKET) return undefined;
  return {
    ensureIndex: async (name, dimension) => (await knowledgeVectorIndex()).ensureIndex(name, dimension),
    put: async (name, vectors) => (await knowledgeVectorIndex()).put(name, vectors),
    query: async (name, vector, filter, topK) =>
      (await knowledgeVectorIndex()).query(name, vector, filter, topK),
    delete: async (name, keys) => (await knowledgeVectorIndex()).delete(name, keys),
  };
}

/**
 * A collection's embedder (the model its vectors were made with) while still usable by `userId`
 * (who searches; by default who made the collection, for the indexer) through their keys, their
 * team's for a team's collection, or the platform's; undefined: keyword search only.
 */
export function collectionEmbedder(
  ownerId: string,
  collection: StoredCollection,
  userId?: string,
): Promise<Embedder | undefined> {
  const model = collection.embeddingModel;
  if (!model) return Promise.resolve(undefined);
  const teamId = ownerId.startsWith(TEAM_OWNER_PREFIX) ? ownerId.slice(TEAM_OWNER_PREFIX.length) : undefined;
  return knowledgeEmbedders().byModelId(model, userId ?? (teamId ? collection.createdBy : ownerId), teamId);
}
