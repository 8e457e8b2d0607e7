import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UserItemsEraser } from '../../domain/users/account-deletion.js';
import type { TableDefinition } from './table-definitions.js';
import { deletePartition } from './table-ops.js';

/**
 * Erases a user's items from a table whose partition key is the user id: the whole partition where
 * the table has a sort key (servers, keys, files, usage), else the one item (the record, billing).
 */
export function createUserItemsEraser(
  db: DynamoDBDocumentClient,
  tableName: string,
  definition: TableDefinition,
): UserItemsEraser {
  const partitionKey = definition.partitionKey.name;
  const sortKey = definition.sortKey?.name;
  return {
    table: definition.id,
    async eraseAll(userId) {
      if (sortKey) {
        await deletePartition(db, { tableName, partitionKey, sortKey }, userId);
        return;
      }
      await db.send(new DeleteCommand({ TableName: tableName, Key: { [partitionKey]: userId } }));
    },
  };
}
