import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  COLLECTION_KEY_PREFIX,
  chunksKeyPrefix,
  collectionKey,
  fileKey,
  filesKeyPrefix,
  type KnowledgeRepository,
  storedChunkSchema,
  storedCollectionSchema,
  storedFileSchema,
  USAGE_KEY,
} from '../../domain/knowledge/knowledge.js';
import { isConditionalCheckFailed } from './document-client.js';
import { createKnowledgeReader } from './knowledge-reader.js';
import { batchWriteAll, putNew, queryAll } from './table-ops.js';
import { updateExpression } from './update-expression.js';

/** The knowledge table (userId = owner, key): collections, files and chunks, scoped by the owner. */
export function createKnowledgeRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): KnowledgeRepository {
  async function conditional(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  const byPrefix = <T>(ownerId: string, prefix: string, schema: import('zod').ZodType<T>, keysOnly = false) =>
    queryAll(
      db,
      {
        TableName: tableName,
        KeyConditionExpression: 'userId = :owner AND begins_with(#key, :prefix)',
        ExpressionAttributeNames: { '#key': 'key' },
        ExpressionAttributeValues: { ':owner': ownerId, ':prefix': prefix },
        ConsistentRead: true,
        ...(keysOnly ? { ProjectionExpression: 'userId, #key' } : {}),
      },
      schema,
    );

  const keySchema = storedChunkSchema.pick({ userId: true, key: true });
  async function deletePrefix(ownerId: string, prefix: string): Promise<void> {
    const keys = await byPrefix(ownerId, prefix, keySchema, true);
    await batchWriteAll(
      db,
      tableName,
      keys.map((Key) => ({ DeleteRequest: { Key } })),
      `userId ${ownerId} ${prefix}`,
    );
  }

  return {
    ...createKnowledgeReader(db, tableName),
    listCollections: (ownerId) => byPrefix(ownerId, COLLECTION_KEY_PREFIX, storedCollectionSchema),

    createCollection: (collection) => putNew(db, tableName, collection, 'collectionId'),

    updateCollection: (ownerId, collectionId, fields) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: collectionKey(collectionId) },
            ConditionExpression: 'attribute_exists(collectionId)',
            ...updateExpression(fields),
          }),
        ),
      ),

    addToCounts: (ownerId, collectionId, delta, maxFiles) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: collectionKey(collectionId) },
            UpdateExpression: 'ADD fileCount :files, totalBytes :bytes, chunkCount :chunks',
            ConditionExpression:
              maxFiles === undefined
                ? 'attribute_exists(collectionId)'
                : 'attribute_exists(collectionId) AND fileCount < :max',
            ExpressionAttributeValues: {
              ':files': delta.files ?? 0,
              ':bytes': delta.bytes ?? 0,
              ':chunks': delta.chunks ?? 0,
              ...(maxFiles === undefined ? {} : { ':max': maxFiles }),
            },
          }),
        ),
      ),

    advanceIndex: (ownerId, collectionId, { from, to, object }, embeddingModel) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: collectionKey(collectionId) },
            UpdateExpression: `SET indexVersion = :to, indexObject = :object${embeddingModel ? ', embeddingModel = :model' : ''}`,
            ConditionExpression: 'indexVersion = :from',
            ExpressionAttributeValues: {
              ':from': from,
              ':to': to,
              ':object': object,
              ...(embeddingModel ? { ':model': embeddingModel } : {}),
            },
          }),
        ),
      ),

    async deleteCollection(ownerId, collectionId) {
      await deletePrefix(ownerId, chunksKeyPrefix(collectionId));
      await deletePrefix(ownerId, filesKeyPrefix(collectionId));
      await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { userId: ownerId, key: collectionKey(collectionId) },
        }),
      );
    },

    reserveBytes: (ownerId, bytes, maxBytes) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: USAGE_KEY },
            UpdateExpression: 'ADD totalBytes :bytes',
            ConditionExpression: 'totalBytes <= :room',
            ExpressionAttributeValues: { ':bytes': bytes, ':room': maxBytes - bytes },
          }),
        ),
      ),

    // An UpdateItem, not a Put: the record may hold the collection count already (and the reverse).
    initUsage: (ownerId, bytes) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: USAGE_KEY },
            UpdateExpression: 'SET totalBytes = :bytes',
            ConditionExpression: 'attribute_not_exists(totalBytes)',
            ExpressionAttributeValues: { ':bytes': bytes },
          }),
        ),
      ),

    reserveCollection: (ownerId, max) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: USAGE_KEY },
            UpdateExpression: 'ADD collections :one',
            ConditionExpression: 'collections < :max',
            ExpressionAttributeValues: { ':one': 1, ':max': max },
          }),
        ),
      ),

    initCollectionCount: (ownerId, count) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: USAGE_KEY },
            UpdateExpression: 'SET collections = :count',
            ConditionExpression: 'attribute_not_exists(collections)',
            ExpressionAttributeValues: { ':count': count },
          }),
        ),
      ),

    async releaseCollection(ownerId) {
      await conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: USAGE_KEY },
            UpdateExpression: 'ADD collections :less',
            ConditionExpression: 'collections > :none',
            ExpressionAttributeValues: { ':less': -1, ':none': 0 },
          }),
        ),
      );
    },

    async releaseBytes(ownerId, bytes) {
      await conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: USAGE_KEY },
            UpdateExpression: 'ADD totalBytes :bytes',
            ConditionExpression: 'attribute_exists(totalBytes)',
            ExpressionAttributeValues: { ':bytes': -bytes },
          }),
        ),
      );
    },

    listFiles: (ownerId, collectionId) => byPrefix(ownerId, filesKeyPrefix(collectionId), storedFileSchema),

    async putFile(file) {
      await db.send(new PutCommand({ TableName: tableName, Item: file }));
    },

    updateFile: (ownerId, collectionId, fileId, update) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: fileKey(collectionId, fileId) },
            ConditionExpression: 'attribute_exists(fileId)',
            ...updateExpression({ ...update, updatedAt: Date.now() }),
          }),
        ),
      ),

    expireUpload: (ownerId, collectionId, fileId, reason) =>
      conditional(() =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: fileKey(collectionId, fileId) },
            UpdateExpression:
              'SET #status = :failed, reason = :reason, bytesReleased = :released, updatedAt = :now',
            ConditionExpression: '#status = :uploading',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':failed': 'failed',
              ':uploading': 'uploading',
              ':reason': reason,
              ':released': true,
              ':now': Date.now(),
            },
          }),
        ),
      ),

    async deleteFile(ownerId, collectionId, fileId) {
      await deletePrefix(ownerId, chunksKeyPrefix(collectionId, fileId));
      await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { userId: ownerId, key: fileKey(collectionId, fileId) },
        }),
      );
    },

    putChunks: (chunks) =>
      batchWriteAll(
        db,
        tableName,
        chunks.map((Item) => ({ PutRequest: { Item } })),
        'chunks',
      ),

    deleteChunks: (ownerId, collectionId, fileId) =>
      deletePrefix(ownerId, chunksKeyPrefix(collectionId, fileId)),
  };
}
