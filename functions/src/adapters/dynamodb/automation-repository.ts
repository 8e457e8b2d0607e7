import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  AUTOMATION_KEY_PREFIX,
  type AutomationRepository,
  automationKey,
  runKey,
  runKeyPrefix,
  type StoredAutomation,
  storedAutomationSchema,
  storedRunSchema,
} from '../../domain/automations/automation.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem, putNew, queryAll } from './table-ops.js';

const DELETE_CONCURRENCY = 10;

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeCursor(cursor: string, ownerId: string, prefix: string): Record<string, unknown> | undefined {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    // Only a key of this automation's runs: a cursor cannot read another partition.
    const valid = key.userId === ownerId && typeof key.key === 'string' && key.key.startsWith(prefix);
    return valid ? { userId: key.userId, key: key.key } : undefined;
  } catch {
    return undefined;
  }
}

/** A webhook trigger's automation in the sparse byWebhook index (webhook-store.ts); others leave it. */
const withWebhookIndex = (automation: StoredAutomation) =>
  automation.trigger.type === 'webhook' ? { ...automation, webhookId: automation.automationId } : automation;

/** The automations table (userId = owner, key): automations and their runs, scoped by the owner. */
export function createAutomationRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): AutomationRepository {
  async function conditionalWrite(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  return {
    list: (ownerId) =>
      queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'userId = :owner AND begins_with(#key, :prefix)',
          ExpressionAttributeNames: { '#key': 'key' },
          ExpressionAttributeValues: { ':owner': ownerId, ':prefix': AUTOMATION_KEY_PREFIX },
          ConsistentRead: true,
        },
        storedAutomationSchema,
      ),

    get: (ownerId, automationId) =>
      getItem(
        db,
        { tableName, key: { userId: ownerId, key: automationKey(automationId) }, consistent: true },
        storedAutomationSchema,
      ),

    create: (automation) => putNew(db, tableName, withWebhookIndex(automation), 'automationId'),

    replace: (automation) =>
      conditionalWrite(() =>
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: withWebhookIndex(automation),
            ConditionExpression: 'attribute_exists(automationId)',
          }),
        ),
      ),

    async delete(ownerId, automationId) {
      const deleted = await conditionalWrite(() =>
        db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: { userId: ownerId, key: automationKey(automationId) },
            ConditionExpression: 'attribute_exists(automationId)',
          }),
        ),
      );
      const runs = await queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'userId = :owner AND begins_with(#key, :prefix)',
          ExpressionAttributeNames: { '#key': 'key' },
          ExpressionAttributeValues: { ':owner': ownerId, ':prefix': runKeyPrefix(automationId) },
          ProjectionExpression: 'userId, #key',
        },
        storedRunSchema.pick({ userId: true, key: true }),
      );
      for (let start = 0; start < runs.length; start += DELETE_CONCURRENCY) {
        await Promise.all(
          runs
            .slice(start, start + DELETE_CONCURRENCY)
            .map((run) => db.send(new DeleteCommand({ TableName: tableName, Key: run }))),
        );
      }
      return deleted;
    },

    async listRuns(ownerId, automationId, page) {
      const prefix = runKeyPrefix(automationId);
      const start = page.cursor ? decodeCursor(page.cursor, ownerId, prefix) : undefined;
      const { Items, LastEvaluatedKey } = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'userId = :owner AND begins_with(#key, :prefix)',
          ExpressionAttributeNames: { '#key': 'key' },
          ExpressionAttributeValues: { ':owner': ownerId, ':prefix': prefix },
          ScanIndexForward: false,
          Limit: page.limit,
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      const runs = (Items ?? []).map((item) => storedRunSchema.parse(item));
      return { runs, ...(LastEvaluatedKey ? { cursor: encodeCursor(LastEvaluatedKey) } : {}) };
    },

    getRun: (ownerId, automationId, runId) =>
      getItem(
        db,
        { tableName, key: { userId: ownerId, key: runKey(automationId, runId) }, consistent: true },
        storedRunSchema,
      ),

    async putRun(run) {
      await db.send(new PutCommand({ TableName: tableName, Item: run }));
    },

    claimRun: (run, expected) =>
      conditionalWrite(() =>
        db.send(
          new PutCommand({
            TableName: tableName,
            Item: run,
            ConditionExpression: '#status = :expected',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':expected': expected },
          }),
        ),
      ),
  };
}
