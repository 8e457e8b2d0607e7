import { memoryFactSchema } from '@agentforge/shared';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import * as zm from 'zod/mini';
import type { MemoryStore } from '../../domain/memory/memory.js';
import { teamOwnerId } from '../../domain/teams/roles.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem } from './table-ops.js';

/**
 * Memory's items in the billing table (docs/decisions/chat.md, "Memory"): `memory#<userId>` holds a
 * user's switch and facts (a map by fact id, so each fact is written on its own, conditionally),
 * `memory#team#<teamId>` whether the team's Admins allow memory in its space. The billing table
 * because the stream functions, which read memory for every reply, may already get its items (the
 * "my teams" precedent: their role has no room for another table).
 */
export const MEMORY_KEY_PREFIX = 'memory#';

const storedFactSchema = zm.omit(memoryFactSchema, { factId: true });
const memoryItemSchema = z.object({
  enabled: z.boolean().optional(),
  facts: z.record(z.string(), storedFactSchema).optional(),
  allowed: z.boolean().optional(),
});

export function createMemoryStore(db: DynamoDBDocumentClient, billingTable: string): MemoryStore {
  const key = (id: string) => ({ userId: `${MEMORY_KEY_PREFIX}${id}` });
  const read = (id: string) =>
    getItem(db, { tableName: billingTable, key: key(id), consistent: true }, memoryItemSchema);
  /** A conditional update; false when its condition did not hold. */
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
    async get(userId) {
      const item = await read(userId);
      return {
        enabled: item?.enabled ?? false,
        facts: Object.entries(item?.facts ?? {}).map(([factId, fact]) => ({ factId, ...fact })),
      };
    },

    async setEnabled(userId, enabled, at) {
      await db.send(
        new UpdateCommand({
          TableName: billingTable,
          Key: key(userId),
          UpdateExpression: 'SET #enabled = :enabled, updatedAt = :at',
          ExpressionAttributeNames: { '#enabled': 'enabled' },
          ExpressionAttributeValues: { ':enabled': enabled, ':at': at },
        }),
      );
    },

    async addFact(userId, { factId, ...fact }, max) {
      // The map must exist before a fact can be set inside it (one path per update expression).
      await db.send(
        new UpdateCommand({
          TableName: billingTable,
          Key: key(userId),
          UpdateExpression: 'SET facts = if_not_exists(facts, :empty)',
          ExpressionAttributeValues: { ':empty': {} },
        }),
      );
      return conditional(
        new UpdateCommand({
          TableName: billingTable,
          Key: key(userId),
          UpdateExpression: 'SET facts.#id = :fact, updatedAt = :at',
          ConditionExpression: 'size(facts) < :max',
          ExpressionAttributeNames: { '#id': factId },
          ExpressionAttributeValues: { ':fact': fact, ':at': fact.createdAt, ':max': max },
        }),
      );
    },

    updateFact: (userId, factId, text, at) =>
      conditional(
        new UpdateCommand({
          TableName: billingTable,
          Key: key(userId),
          UpdateExpression: 'SET facts.#id.#text = :text, facts.#id.updatedAt = :at, updatedAt = :at',
          ConditionExpression: 'attribute_exists(facts.#id)',
          ExpressionAttributeNames: { '#id': factId, '#text': 'text' },
          ExpressionAttributeValues: { ':text': text, ':at': at },
        }),
      ),

    deleteFact: (userId, factId) =>
      conditional(
        new UpdateCommand({
          TableName: billingTable,
          Key: key(userId),
          UpdateExpression: 'REMOVE facts.#id',
          ConditionExpression: 'attribute_exists(facts.#id)',
          ExpressionAttributeNames: { '#id': factId },
        }),
      ),

    async teamAllows(teamId) {
      return (await read(teamOwnerId(teamId)))?.allowed ?? false;
    },

    async setTeamAllows(teamId, allowed, at) {
      await db.send(
        new UpdateCommand({
          TableName: billingTable,
          Key: key(teamOwnerId(teamId)),
          UpdateExpression: 'SET #allowed = :allowed, updatedAt = :at',
          ExpressionAttributeNames: { '#allowed': 'allowed' },
          ExpressionAttributeValues: { ':allowed': allowed, ':at': at },
        }),
      );
    },
  };
}
