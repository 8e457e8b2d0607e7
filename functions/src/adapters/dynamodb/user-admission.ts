import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserChanges } from '../../domain/users/user.js';
import { isConditionalCheckFailed } from './document-client.js';

/**
 * Lets a waitlisted user in (a team's invitation accepted): one conditional UpdateItem on the
 * user's record, which must exist, be neither whitelisted nor admitted already. False when the
 * condition refused (nothing to do). The teams function's only write to the users table.
 */
export function createUserAdmission(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async admitIfWaitlisted(
      userId: string,
      changes: Required<Pick<UserChanges, 'admittedAt' | 'admittedBy' | 'updatedAt'>>,
    ): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId },
            UpdateExpression: 'SET admittedAt = :at, admittedBy = :by, updatedAt = :updated',
            ConditionExpression:
              'attribute_exists(userId) AND attribute_not_exists(admittedAt) AND isWhitelisted <> :yes',
            ExpressionAttributeValues: {
              ':at': changes.admittedAt,
              ':by': changes.admittedBy,
              ':updated': changes.updatedAt,
              ':yes': true,
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
  };
}
