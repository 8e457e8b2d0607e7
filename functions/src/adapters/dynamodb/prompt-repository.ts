import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type PromptRepository, storedPromptSchema } from '../../domain/prompts/prompt.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem, putNew, queryAll } from './table-ops.js';

/** Prompts written at once by an import (each its own conditional put). */
const CREATE_CONCURRENCY = 10;

/** The prompts table (userId = owner, promptId); every call is scoped by the owner's id. */
export function createPromptRepository(db: DynamoDBDocumentClient, tableName: string): PromptRepository {
  return {
    list: (ownerId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'userId = :owner',
          ExpressionAttributeValues: { ':owner': ownerId },
          ConsistentRead: true,
        },
        storedPromptSchema,
      ),

    get: (ownerId, promptId) =>
      getItem(db, { tableName, key: { userId: ownerId, promptId }, consistent: true }, storedPromptSchema),

    async create(prompts) {
      for (let start = 0; start < prompts.length; start += CREATE_CONCURRENCY) {
        await Promise.all(
          prompts
            .slice(start, start + CREATE_CONCURRENCY)
            .map((prompt) => putNew(db, tableName, prompt, 'promptId')),
        );
      }
    },

    async replace(prompt) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: prompt,
            ConditionExpression: 'attribute_exists(promptId)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async delete(ownerId, promptId) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { userId: ownerId, promptId },
            ConditionExpression: 'attribute_exists(promptId)',
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
