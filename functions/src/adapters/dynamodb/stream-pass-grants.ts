import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './document-client.js';
import { streamPassKey } from './stream-pass.js';

/** The user check's write (users function): the caller is let in, the streams may serve them. */
export function createStreamPassGrants(db: DynamoDBDocumentClient, billingTable: string) {
  return {
    async grant(userId: string): Promise<void> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: billingTable,
            Key: streamPassKey(userId),
            UpdateExpression: 'SET granted = :yes',
            // A tombstone stays one: a user check racing the deletion grants nothing.
            ConditionExpression: 'attribute_not_exists(deletedAt)',
            ExpressionAttributeValues: { ':yes': true },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
      }
    },
  };
}
