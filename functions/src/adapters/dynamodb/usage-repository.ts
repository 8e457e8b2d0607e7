import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UsageRecorder } from '../../domain/chat/ports.js';
import type { ComputeUsageRepository } from '../../domain/mcp/mcp-server.js';

/** `tokens#YYYY-MM-DD` (UTC): the day a plan's daily token limit counts against. */
export const tokensPeriod = (at: number) => `tokens#${new Date(at).toISOString().slice(0, 10)}`;

export function createUsageRepository(db: DynamoDBDocumentClient, tableName: string): UsageRecorder {
  return {
    async recordTokens(userId, at, usage) {
      // ADD is atomic, so concurrent streams of one user never lose each other's counts.
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId, period: tokensPeriod(at) },
          UpdateExpression: 'ADD inputTokens :input, outputTokens :output, requests :one',
          ExpressionAttributeValues: {
            ':input': usage.inputTokens,
            ':output': usage.outputTokens,
            ':one': 1,
          },
        }),
      );
    },
  };
}

export function createComputeUsageRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): ComputeUsageRepository {
  const key = (userId: string, month: string) => ({ userId, period: `compute#${month}` });
  return {
    async addComputeMinutes(userId, month, minutes) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(userId, month),
          UpdateExpression: 'ADD minutes :minutes',
          ExpressionAttributeValues: { ':minutes': minutes },
        }),
      );
    },
    async computeMinutes(userId, month) {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, month) }));
      return typeof Item?.minutes === 'number' ? Item.minutes : 0;
    },
  };
}
