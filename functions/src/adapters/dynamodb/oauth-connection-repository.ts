import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type OAuthConnectionRepository,
  oauthConnectionRecordSchema,
  pendingAuthorizationSchema,
} from '../../domain/mcp/oauth/oauth-connection.js';
import { isConditionalCheckFailed } from './document-client.js';
import { getItem } from './table-ops.js';

const connectionKey = (userId: string, serverId: string) => ({ userId, key: `connection#${serverId}` });
const pendingKey = (userId: string, stateHash: string) => ({ userId, key: `pending#${stateHash}` });

const unlessConditionFails = async (write: Promise<unknown>): Promise<boolean> => {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
};

/**
 * The oauthConnections table: per user (the connecting member), `connection#<serverId>` (the tokens,
 * encrypted) and `pending#<sha256(state)>` (an authorization on its way, TTL on expiresAt).
 */
export function createOAuthConnectionRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): OAuthConnectionRepository {
  return {
    async putPending(userId, stateHash, pending) {
      await db.send(
        new PutCommand({ TableName: tableName, Item: { ...pendingKey(userId, stateHash), ...pending } }),
      );
    },

    async takePending(userId, stateHash, nowSeconds) {
      try {
        const { Attributes } = await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: pendingKey(userId, stateHash),
            ConditionExpression: 'attribute_exists(#k) AND expiresAt > :now',
            ExpressionAttributeNames: { '#k': 'key' },
            ExpressionAttributeValues: { ':now': nowSeconds },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return Attributes ? pendingAuthorizationSchema.parse(Attributes) : undefined;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    get: (userId, serverId) =>
      getItem(
        db,
        { tableName, key: connectionKey(userId, serverId), consistent: true },
        oauthConnectionRecordSchema,
      ),

    async put(record) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...record, ...connectionKey(record.userId, record.serverId) },
        }),
      );
    },

    async delete(userId, serverId) {
      const { Attributes } = await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: connectionKey(userId, serverId),
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? oauthConnectionRecordSchema.parse(Attributes) : undefined;
    },

    acquireLease: (record, lease) =>
      unlessConditionFails(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: connectionKey(record.userId, record.serverId),
            UpdateExpression: 'SET leaseId = :leaseId, leaseUntil = :until',
            ConditionExpression:
              'attribute_exists(#k) AND (attribute_not_exists(revision) OR revision = :revision) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeNames: { '#k': 'key' },
            ExpressionAttributeValues: {
              ':leaseId': lease.leaseId,
              ':until': lease.until,
              ':now': lease.now,
              ':revision': record.revision,
            },
          }),
        ),
      ),

    settleLease(userId, serverId, leaseId, changes) {
      const set = Object.entries(changes).filter(([, value]) => value !== undefined);
      const assignments = set.map(([name]) => `#${name} = :${name}`);
      return unlessConditionFails(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: connectionKey(userId, serverId),
            UpdateExpression: `${assignments.length ? `SET ${assignments.join(', ')} ` : ''}ADD revision :one REMOVE leaseId, leaseUntil`,
            ConditionExpression: 'leaseId = :leaseId',
            ExpressionAttributeNames: Object.fromEntries(set.map(([name]) => [`#${name}`, name])),
            ExpressionAttributeValues: {
              ':leaseId': leaseId,
              ':one': 1,
              ...Object.fromEntries(set.map(([name, value]) => [`:${name}`, value])),
            },
          }),
        ),
      );
    },
  };
}
