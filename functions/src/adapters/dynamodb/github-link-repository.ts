import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { GithubLinkRepository, IssuedState, StoredGithubLink } from '../../domain/github/github-link.js';
import { isConditionalCheckFailed } from './document-client.js';

/** At most this many unexpired states wait per user (a user opening the flow in several tabs). */
const MAX_PENDING_STATES = 5;

const issuedStateSchema = z.object({
  expiresAt: z.number(),
  codeVerifier: z.string(),
  targetAppId: z.string().optional(),
});
const linkSchema = z.object({
  username: z.string(),
  githubId: z.number(),
  linkedAt: z.number(),
  tokenCiphertext: z.string(),
});

/**
 * The link lives on the user's record in the users table: `github` (the link, token encrypted)
 * and `githubStates` (a map of issued states by their SHA-256). One item per user, so unlinking
 * and account deletion need no extra query; states are consumed with one conditional update.
 */
export function createGithubLinkRepository(
  db: DynamoDBDocumentClient,
  tableName: string,
): GithubLinkRepository {
  const read = async (userId: string, attribute: 'github' | 'githubStates') => {
    const { Item } = await db.send(
      new GetCommand({
        TableName: tableName,
        Key: { userId },
        ProjectionExpression: '#a',
        ExpressionAttributeNames: { '#a': attribute },
      }),
    );
    return Item?.[attribute] as unknown;
  };

  return {
    async issueState(userId, stateHash, state, now) {
      const stored = z
        .record(z.string(), issuedStateSchema)
        .catch({})
        .parse((await read(userId, 'githubStates')) ?? {});
      const pending = Object.entries(stored)
        .filter(([, entry]) => entry.expiresAt > now)
        .sort(([, a], [, b]) => b.expiresAt - a.expiresAt)
        .slice(0, MAX_PENDING_STATES - 1);
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId },
          UpdateExpression: 'SET #s = :states',
          ConditionExpression: 'attribute_exists(userId)',
          ExpressionAttributeNames: { '#s': 'githubStates' },
          ExpressionAttributeValues: { ':states': { ...Object.fromEntries(pending), [stateHash]: state } },
        }),
      );
    },

    async consumeState(userId, stateHash, now): Promise<IssuedState | undefined> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId },
            UpdateExpression: 'REMOVE #s.#h',
            ConditionExpression: 'attribute_exists(#s.#h) AND #s.#h.#e > :now',
            ExpressionAttributeNames: { '#s': 'githubStates', '#h': stateHash, '#e': 'expiresAt' },
            ExpressionAttributeValues: { ':now': now },
            ReturnValues: 'UPDATED_OLD',
          }),
        );
        const state = (Attributes?.githubStates as Record<string, unknown> | undefined)?.[stateHash];
        return issuedStateSchema.parse(state);
      } catch (error) {
        if (isConditionalCheckFailed(error)) return undefined;
        throw error;
      }
    },

    async getLink(userId) {
      const link = await read(userId, 'github');
      return link ? linkSchema.parse(link) : undefined;
    },

    async putLink(userId, link: StoredGithubLink) {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { userId },
          UpdateExpression: 'SET #g = :link',
          ConditionExpression: 'attribute_exists(userId)',
          ExpressionAttributeNames: { '#g': 'github' },
          ExpressionAttributeValues: { ':link': link },
        }),
      );
    },

    async deleteLink(userId) {
      const { Attributes } = await db
        .send(
          new UpdateCommand({
            TableName: tableName,
            Key: { userId },
            UpdateExpression: 'REMOVE #g',
            ConditionExpression: 'attribute_exists(userId)',
            ExpressionAttributeNames: { '#g': 'github' },
            ReturnValues: 'UPDATED_OLD',
          }),
        )
        .catch((error: unknown) => {
          if (isConditionalCheckFailed(error)) return { Attributes: undefined };
          throw error;
        });
      return Attributes?.github ? linkSchema.parse(Attributes.github) : undefined;
    },
  };
}
