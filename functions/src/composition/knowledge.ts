import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { KNOWLEDGE_LIMITS } from '@agentforge/shared';
import { createKnowledgeReader } from '../adapters/dynamodb/knowledge-reader.js';
import { createKnowledgeRepository } from '../adapters/dynamodb/knowledge-repository.js';
import { createPlanLookup } from '../adapters/dynamodb/plan-lookup.js';
import { TABLE_DEFINITIONS } from '../adapters/dynamodb/table-definitions.js';
import { createUserItemsEraser } from '../adapters/dynamodb/user-items-eraser.js';
import { createIndexer } from '../domain/knowledge/indexer.js';
import {
  createKeywordIndexes,
  createKeywordIndexReader,
  type KeywordIndexes,
} from '../domain/knowledge/keyword-indexes.js';
import type { KnowledgeReader, KnowledgeRepository } from '../domain/knowledge/knowledge.js';
import { createKnowledgeService, type KnowledgeService } from '../domain/knowledge/knowledge-service.js';
import type { KnowledgeStore } from '../domain/knowledge/knowledge-store.js';
import { createKnowledgeSearch, type KnowledgeSearch } from '../domain/knowledge/search.js';
import type { UserItemsEraser } from '../domain/users/account-deletion.js';
import {
  collectionEmbedder,
  knowledgeEmbedders,
  knowledgeVectorReader,
  knowledgeVectors,
} from './knowledge-vectors.js';
import { db, env, newId, required } from './root.js';

let repository: KnowledgeRepository | undefined;
export function knowledgeRepository(): KnowledgeRepository {
  repository ??= createKnowledgeRepository(db, env.tables.knowledge);
  return repository;
}

let reader: KnowledgeReader | undefined;
/** The knowledge table's reads by key only (the access checks, the chat's search). */
export function knowledgeReader(): KnowledgeReader {
  reader ??= createKnowledgeReader(db, env.tables.knowledge);
  return reader;
}

/** Where the local stack's S3 is, and its credentials (none on AWS). */
const localS3 = () =>
  env.RUNTIME === 'local'
    ? {
        endpoint: required('S3_ENDPOINT'),
        credentials: JSON.parse(readFileSync(required('LOCAL_S3_CREDENTIALS_FILE'), 'utf8')) as {
          accessKeyId: string;
          secretAccessKey: string;
        },
      }
    : {};

let store: Promise<KnowledgeStore> | undefined;
/** Knowledge's objects in the attachments bucket, the S3 adapter loaded on first use. */
function knowledgeStore(): Promise<KnowledgeStore> {
  const bucket = required('ATTACHMENTS_BUCKET');
  store ??= import('../adapters/s3/s3-knowledge-store.js').then(({ createS3KnowledgeStore }) =>
    createS3KnowledgeStore({ region: env.AWS_REGION, bucket, ...localS3() }),
  );
  return store;
}

/**
 * The vector index (Amazon S3 Vectors; locally its stand-in) where this function may use it, and
 * the embedders: a new collection takes its owner's (`choose`), kept as its `embeddingModel`;
 * indexing and search use that model while the caller may still (`byModelId`); none: keyword only.
 */
const vectorIndex = knowledgeVectors();
const chooseEmbeddingModel = async (userId: string, teamId?: string) =>
  (await knowledgeEmbedders().choose(userId, teamId))?.modelId;

let indexes: KeywordIndexes | undefined;
function keywordIndexes(): KeywordIndexes {
  indexes ??= createKeywordIndexes({ repository: knowledgeRepository(), store: knowledgeStore });
  return indexes;
}

let service: KnowledgeService | undefined;
export function knowledgeService(): KnowledgeService {
  const plans = createPlanLookup(db, env.tables.billing);
  service ??= createKnowledgeService({
    repository: knowledgeRepository(),
    store: knowledgeStore,
    indexes: keywordIndexes(),
    vectors: vectorIndex,
    chooseEmbeddingModel,
    // The owner's own plan: a person's, or a team's (its billing record is `team#<teamId>`).
    limitsOf: async (ownerId) => KNOWLEDGE_LIMITS[(await plans.planOf(ownerId)).tier],
    newId,
    now: Date.now,
  });
  return service;
}

/**
 * An account's or a team's knowledge, for their deletion: every collection with its objects,
 * vectors and items, then whatever is left in the owner's partition.
 */
export function knowledgeEraser(): UserItemsEraser {
  const definition = TABLE_DEFINITIONS.find((table) => table.id === 'knowledge');
  if (!definition) throw new Error('No table definition knowledge');
  const items = createUserItemsEraser(db, env.tables.knowledge, definition);
  return {
    table: items.table,
    async eraseAll(ownerId) {
      await knowledgeService().eraseOwner(ownerId);
      await items.eraseAll(ownerId);
    },
  };
}

let search: KnowledgeSearch | undefined;
export function knowledgeSearch(): KnowledgeSearch {
  search ??= createKnowledgeSearch({
    repository: knowledgeRepository(),
    indexes: keywordIndexes(),
    embedderFor: ({ ownerId, collection, userId }) => collectionEmbedder(ownerId, collection, userId),
    vectors: vectorIndex,
  });
  return search;
}

let readOnlySearch: KnowledgeSearch | undefined;
/**
 * The same hybrid search through read-only adapters (GetItem/BatchGetItem on the table, GetObject
 * on the indexes, QueryVectors on the vectors): the chat's `search_knowledge`, whose stream
 * function holds only those grants (and the embedders': the searcher's stored keys, read and
 * decrypted, or InvokeModel on the platform's embedding models). The vectors' client and the
 * embedder load on the first search, so a turn that searches nothing never loads them.
 */
export function knowledgeReadOnlySearch(): KnowledgeSearch {
  if (!readOnlySearch) {
    const bucket = required('ATTACHMENTS_BUCKET');
    const objects = import('../adapters/s3/s3-knowledge-reader.js').then(({ createS3KnowledgeReader }) =>
      createS3KnowledgeReader({ region: env.AWS_REGION, bucket, ...localS3() }),
    );
    readOnlySearch = createKnowledgeSearch({
      repository: knowledgeReader(),
      indexes: createKeywordIndexReader({ repository: knowledgeReader(), store: () => objects }),
      embedderFor: ({ ownerId, collection, userId }) => collectionEmbedder(ownerId, collection, userId),
      vectors: knowledgeVectorReader(),
    });
  }
  return readOnlySearch;
}

/**
 * The extraction worker's module: on AWS bundled beside the handler (`extract-worker.mjs`, the
 * construct's second entry point); locally the TypeScript source through tsx's loader.
 */
function extractionWorkerUrl(): URL {
  if (env.RUNTIME === 'local') {
    return new URL('../adapters/knowledge/extract-worker-local.mjs', import.meta.url);
  }
  return pathToFileURL(join(process.env.LAMBDA_TASK_ROOT ?? '.', 'extract-worker.mjs'));
}

let indexer: ReturnType<typeof createIndexer> | undefined;
/** Indexes one uploaded file (the S3 event's object), in a bounded extraction worker. */
export async function knowledgeIndexer(): Promise<ReturnType<typeof createIndexer>> {
  if (!indexer) {
    const { createExtractionRunner } = await import('../adapters/knowledge/extraction-runner.js');
    indexer = createIndexer({
      repository: knowledgeRepository(),
      store: knowledgeStore,
      indexes: keywordIndexes(),
      extract: createExtractionRunner({ workerUrl: extractionWorkerUrl() }),
      embedderFor: (ownerId, collection) => collectionEmbedder(ownerId, collection),
      vectors: vectorIndex,
    });
  }
  return indexer;
}
