import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  chunkKey,
  collectionKey,
  fileKey,
  type KnowledgeReader,
  type StoredChunk,
  storedChunkSchema,
  storedCollectionSchema,
  storedFileSchema,
} from '../../domain/knowledge/knowledge.js';
import { getItem } from './table-ops.js';

const BATCH_GET_LIMIT = 100;

/**
 * The knowledge table's reads by key (GetItem, BatchGetItem): a collection, a file, chunks. Apart
 * from the repository so a function that only searches (the chat's stream) holds read grants only.
 */
export function createKnowledgeReader(db: DynamoDBDocumentClient, tableName: string): KnowledgeReader {
  return {
    getCollection: (ownerId, collectionId) =>
      getItem(
        db,
        { tableName, key: { userId: ownerId, key: collectionKey(collectionId) }, consistent: true },
        storedCollectionSchema,
      ),

    getFile: (ownerId, collectionId, fileId) =>
      getItem(
        db,
        { tableName, key: { userId: ownerId, key: fileKey(collectionId, fileId) }, consistent: true },
        storedFileSchema,
      ),

    async getChunks(ownerId, refs) {
      const found: StoredChunk[] = [];
      for (let start = 0; start < refs.length; start += BATCH_GET_LIMIT) {
        let keys: Record<string, unknown>[] = refs
          .slice(start, start + BATCH_GET_LIMIT)
          .map((ref) => ({ userId: ownerId, key: chunkKey(ref.collectionId, ref.fileId, ref.chunkIndex) }));
        for (let attempt = 0; keys.length > 0 && attempt < 5; attempt++) {
          const { Responses, UnprocessedKeys } = await db.send(
            new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
          );
          for (const item of Responses?.[tableName] ?? []) found.push(storedChunkSchema.parse(item));
          keys = (UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
        }
      }
      return found;
    },
  };
}
