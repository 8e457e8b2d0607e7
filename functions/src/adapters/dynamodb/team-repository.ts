import { TEAM_ROLES } from '@agentforge/shared';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { MemberRecord, TeamStore } from '../../domain/teams/ports.js';
import { isConditionalCheckFailed } from './document-client.js';
import { queryAll } from './table-ops.js';

/**
 * The teams table (key teamId, sk): `META` (name, ownerId, adminCount, memberCount),
 * `MEMBER#<userId>` (email, role, joinedAt) and `INVITE#<invitationId>` (email, role, codeHash,
 * expiresAt; sparse GSI byInviteCode on codeHash). "My teams" is kept apart (my-teams.ts).
 */
const META = 'META';
const memberSk = (userId: string) => `MEMBER#${userId}`;
const inviteSk = (invitationId: string) => `INVITE#${invitationId}`;

const teamSchema = z.object({
  teamId: z.string(),
  name: z.string(),
  ownerId: z.string(),
  adminCount: z.number(),
  memberCount: z.number(),
  createdAt: z.number(),
});
const memberSchema = z
  .object({
    teamId: z.string(),
    memberUserId: z.string(),
    email: z.string(),
    role: z.enum(TEAM_ROLES),
    joinedAt: z.number(),
  })
  .transform(({ memberUserId, ...rest }): MemberRecord => ({ ...rest, userId: memberUserId }));
const invitationSchema = z.object({
  teamId: z.string(),
  invitationId: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  codeHash: z.string(),
  invitedBy: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
});

export function createTeamRepository(db: DynamoDBDocumentClient, tableName: string): TeamStore {
  const get = async (teamId: string, sk: string) =>
    (await db.send(new GetCommand({ TableName: tableName, Key: { teamId, sk }, ConsistentRead: true }))).Item;

  const conditional = async (command: UpdateCommand | DeleteCommand | PutCommand): Promise<boolean> => {
    try {
      await db.send(command as UpdateCommand);
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  };

  const memberItem = ({ userId, ...member }: MemberRecord) => ({
    ...member,
    sk: memberSk(userId),
    memberUserId: userId,
  });

  const queryPrefix = (teamId: string, prefix: string) => ({
    TableName: tableName,
    KeyConditionExpression: 'teamId = :team AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':team': teamId, ':prefix': prefix },
    ConsistentRead: true,
  });

  return {
    async createTeam(team, owner) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...team, sk: META },
          ConditionExpression: 'attribute_not_exists(teamId)',
        }),
      );
      await db.send(new PutCommand({ TableName: tableName, Item: memberItem(owner) }));
    },

    async getTeam(teamId) {
      const item = await get(teamId, META);
      return item ? teamSchema.parse(item) : undefined;
    },

    async getMember(teamId, userId) {
      const item = await get(teamId, memberSk(userId));
      return item ? memberSchema.parse(item) : undefined;
    },

    listMembers: (teamId) => queryAll(db, queryPrefix(teamId, 'MEMBER#'), memberSchema),

    addMember: (member) =>
      conditional(
        new PutCommand({
          TableName: tableName,
          Item: memberItem(member),
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      ),

    setRole: (teamId, userId, from, to) =>
      conditional(
        new UpdateCommand({
          TableName: tableName,
          Key: { teamId, sk: memberSk(userId) },
          UpdateExpression: 'SET #role = :to',
          ConditionExpression: '#role = :from',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':from': from, ':to': to },
        }),
      ),

    async removeMember(teamId, userId) {
      const { Attributes } = await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { teamId, sk: memberSk(userId) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? memberSchema.parse(Attributes) : undefined;
    },

    addAdmins: (teamId, delta) =>
      conditional(
        new UpdateCommand({
          TableName: tableName,
          Key: { teamId, sk: META },
          UpdateExpression: 'ADD adminCount :delta',
          // Conditions cannot do arithmetic: removing one Admin needs more than one now.
          ConditionExpression: delta < 0 ? 'adminCount > :floor' : 'attribute_exists(teamId)',
          ExpressionAttributeValues: { ':delta': delta, ...(delta < 0 ? { ':floor': -delta } : {}) },
        }),
      ),

    async addMembers(teamId, delta) {
      await conditional(
        new UpdateCommand({
          TableName: tableName,
          Key: { teamId, sk: META },
          UpdateExpression: 'ADD memberCount :delta',
          ConditionExpression: 'attribute_exists(teamId)',
          ExpressionAttributeValues: { ':delta': delta },
        }),
      );
    },

    renameTeam: (teamId, name) =>
      conditional(
        new UpdateCommand({
          TableName: tableName,
          Key: { teamId, sk: META },
          UpdateExpression: 'SET #name = :name',
          ConditionExpression: 'attribute_exists(teamId)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': name },
        }),
      ),

    setOwner: (teamId, from, to) =>
      conditional(
        new UpdateCommand({
          TableName: tableName,
          Key: { teamId, sk: META },
          UpdateExpression: 'SET ownerId = :to',
          ConditionExpression: 'ownerId = :from',
          ExpressionAttributeValues: { ':from': from, ':to': to },
        }),
      ),

    async putInvitation(invitation) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...invitation, sk: inviteSk(invitation.invitationId) },
          ConditionExpression: 'attribute_not_exists(sk)',
        }),
      );
    },

    async getInvitation(teamId, invitationId) {
      const item = await get(teamId, inviteSk(invitationId));
      return item ? invitationSchema.parse(item) : undefined;
    },

    listInvitations: (teamId) => queryAll(db, queryPrefix(teamId, 'INVITE#'), invitationSchema),

    async findInvitationByCodeHash(codeHash) {
      const { Items } = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'byInviteCode',
          KeyConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': codeHash },
          Limit: 1,
        }),
      );
      return Items?.[0] ? invitationSchema.parse(Items[0]) : undefined;
    },

    renewInvitation: (teamId, invitationId, codeHash, expiresAt) =>
      conditional(
        new UpdateCommand({
          TableName: tableName,
          Key: { teamId, sk: inviteSk(invitationId) },
          UpdateExpression: 'SET codeHash = :hash, expiresAt = :expires',
          ConditionExpression: 'attribute_exists(sk)',
          ExpressionAttributeValues: { ':hash': codeHash, ':expires': expiresAt },
        }),
      ),

    deleteInvitation: (teamId, invitationId, codeHash) =>
      conditional(
        new DeleteCommand({
          TableName: tableName,
          Key: { teamId, sk: inviteSk(invitationId) },
          ConditionExpression: codeHash ? 'codeHash = :hash' : 'attribute_exists(sk)',
          ...(codeHash ? { ExpressionAttributeValues: { ':hash': codeHash } } : {}),
        }),
      ),

    async deleteTeam(teamId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { teamId, sk: META } }));
    },
  };
}
