import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type UserRecord, type UserRepository, userRecordSchema } from '../../domain/users/user.js';
import { isConditionalCheckFailed } from './document-client.js';
import { updateExpression } from './update-expression.js';

export function createUserRepository(db: DynamoDBDocumentClient, tableName: string): UserRepository {
  const get = async (userId: string) => {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { userId } }));
    return Item ? userRecordSchema.parse(Item) : undefined;
  };

  return {
    get,
    async update(userId, changes) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId },
          ...updateExpression(changes),
          ConditionExpression: 'attribute_exists(userId)',
        }),
      );
    },
    async createIfAbsent(record: UserRecord) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: record,
            ConditionExpression: 'attribute_not_exists(userId)',
          }),
        );
        return record;
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        const stored = await get(record.userId);
        if (!stored) throw new Error('User record vanished after a conditional write', { cause: error });
        return stored;
      }
    },
  };
}
