import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type StoredWorkspaceFile,
  storedWorkspaceFileSchema,
  type WorkspaceFileRepository,
} from '../../domain/workspace/workspace-file.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem, queryAll } from './table-ops.js';

/**
 * The item that records a workspace got its demo file. '#' cannot start a file path
 * (workspacePathSchema), so it never meets a user's file.
 */
const SEEDED_MARKER = '#seeded';

/** The workspaceFiles table (userId, path); every call is scoped by the caller's userId. */
export function createWorkspaceFileRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): WorkspaceFileRepository {
  return {
    list: (userId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          // Every file path sorts after the marker: a path starts with a letter, a digit, '.', '_' or '-'.
          KeyConditionExpression: 'userId = :userId AND #path > :marker',
          ExpressionAttributeNames: { '#path': 'path' },
          ExpressionAttributeValues: { ':userId': userId, ':marker': SEEDED_MARKER },
          ConsistentRead: true,
        },
        storedWorkspaceFileSchema,
      ),

    get: (userId, path) =>
      getItem(db, { tableName, key: { userId, path }, consistent: true }, storedWorkspaceFileSchema),

    async put(file) {
      await db.send(new PutCommand({ TableName: tableName, Item: file }));
    },

    delete: (userId, path) => deleteIfPresent(db, tableName, userId, path),

    // Two conditional writes (dynalite, the local stand-in, has no transactions): the new path is
    // written only where none exists, then the old one is deleted; if it has gone meanwhile, the
    // new one is taken back.
    async rename(file, to, now) {
      const moved: StoredWorkspaceFile = { ...file, path: to, updatedAt: now };
      if (!(await putIfAbsent(db, tableName, moved))) return false;
      if (await deleteIfPresent(db, tableName, file.userId, file.path)) return true;
      await deleteIfPresent(db, tableName, moved.userId, moved.path);
      return false;
    },

    markSeeded: (userId, now) => putIfAbsent(db, tableName, { userId, path: SEEDED_MARKER, seededAt: now }),
  };
}

const PATH_NAME = { '#path': 'path' };

/** Writes the item where its key has none; false if one is there. */
async function putIfAbsent(
  db: DynamoDBDocumentClient,
  tableName: string,
  item: Record<string, unknown>,
): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(#path)',
        ExpressionAttributeNames: PATH_NAME,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** False if the user has no file at the path. */
async function deleteIfPresent(
  db: DynamoDBDocumentClient,
  tableName: string,
  userId: string,
  path: string,
): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: { userId, path },
        ConditionExpression: 'attribute_exists(#path)',
        ExpressionAttributeNames: PATH_NAME,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
