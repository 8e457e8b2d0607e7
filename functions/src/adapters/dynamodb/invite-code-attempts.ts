import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { InviteCodeAttempts } from '../../domain/users/user.js';
import { isConditionalCheckFailed } from './document-client.js';

const WINDOW_START = 'inviteCodeWindowStart';
const ATTEMPTS = 'inviteCodeAttempts';

/**
 * The invite-code throttle on the user's record (users table): a window start and the attempts in
 * it, changed only by conditional updates, so concurrent requests on any Lambda instance share it.
 */
export function createInviteCodeAttempts(db: DynamoDBDocumentClient, tableName: string): InviteCodeAttempts {
  const names = { '#start': WINDOW_START, '#attempts': ATTEMPTS };
  const conditional = async (command: UpdateCommand) => {
    try {
      await db.send(command);
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  };

  return {
    async take(userId, { now, windowMs, max }) {
      const cutoff = now - windowMs;
      // Two tries: a window opened by a concurrent request between the two updates is counted in.
      for (let round = 0; round < 2; round += 1) {
        const counted = await conditional(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId },
            UpdateExpression: 'SET #attempts = #attempts + :one',
            ConditionExpression: '#start > :cutoff AND #attempts < :max',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': max },
          }),
        );
        if (counted) return {};
        const opened = await conditional(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId },
            UpdateExpression: 'SET #start = :now, #attempts = :one',
            ConditionExpression:
              'attribute_exists(userId) AND (attribute_not_exists(#start) OR #start <= :cutoff)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':now': now, ':one': 1, ':cutoff': cutoff },
          }),
        );
        if (opened) return {};
      }
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName,
          Key: { userId },
          ProjectionExpression: '#start',
          ExpressionAttributeNames: { '#start': WINDOW_START },
        }),
      );
      return { retryAt: Number(Item?.[WINDOW_START] ?? now) + windowMs };
    },

    async clear(userId) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId },
          UpdateExpression: 'REMOVE #start, #attempts',
          ExpressionAttributeNames: names,
        }),
      );
    },
  };
}
