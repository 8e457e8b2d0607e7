import { readFileSync } from 'node:fs';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { createEmbedder } from '../adapters/embeddings/index.js';
import { createEmbedderChoice, type EmbedderChoice } from '../domain/knowledge/embedder-choice.js';
import type { VectorIndex } from '../domain/knowledge/ports.js';
import { createTeamCredentials } from '../domain/teams/team-credentials.js';
import { apiKeyService, guardedFetch } from './models.js';
import { env, required } from './root.js';
import { myTeamsReader } from './team-scope.js';

let index: Promise<VectorIndex> | undefined;
/**
 * Knowledge's vectors: the stage's S3 vector bucket (KNOWLEDGE_VECTOR_BUCKET) through the S3
 * Vectors adapter, loaded on first use (its SDK client is a chunk of its own). Locally: the S3
 * Vectors stand-in (S3VECTORS_ENDPOINT), signed with the local S3's credentials.
 */
export function knowledgeVectorIndex(): Promise<VectorIndex> {
  index ??= import('../adapters/s3vectors/s3-vector-index.js').then(({ createS3VectorIndex }) =>
    createS3VectorIndex({
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
    }),
  );
  return index;
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
    credentials: createTeamCredentials(apiKeyService(), myTeamsReader()),
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
