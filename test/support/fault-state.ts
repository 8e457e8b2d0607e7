/**
 * What the fault tests (test/integration/*faults.test.ts) read around a kill: the stored message
 * and the day's token counters straight from the local DynamoDB, a user, and a poll.
 */
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageRecord } from '../../functions/src/domain/conversations/message.js';
import { type Api, apiAs } from './api.js';
import { signUpAndSignIn } from './identity.js';
import type { StackInfo } from './killable-stack.js';

const today = () => new Date().toISOString().slice(0, 10);

export function faultState(db: DynamoDBDocumentClient, tables: StackInfo['dynamodb']['tableNames']) {
  return {
    async dayCounters(userId: string) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tables.usage,
          Key: { userId, period: `tokens#${today()}` },
          ConsistentRead: true,
        }),
      );
      return { committed: Number(Item?.committed ?? 0), used: Number(Item?.used ?? 0) };
    },
    async storedMessage(conversationId: string, messageId: string) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tables.messages,
          Key: { conversationId, messageId },
          ConsistentRead: true,
        }),
      );
      return Item as MessageRecord | undefined;
    },
    /** The plan as stored (not the API's reader view). */
    async storedPlan(conversationId: string, planId: string) {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tables.agentPlans,
          Key: { conversationId, planId },
          ConsistentRead: true,
        }),
      );
      return Item as { steps: { status: string }[] } | undefined;
    },
  };
}

/** Reads until `done`, every 250 ms, failing after `ms`. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 40_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function newUser(apiUrl: string): Promise<{ api: Api; idToken: string; userId: string }> {
  const { idToken } = await signUpAndSignIn();
  const { sub } = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { api: apiAs(apiUrl, idToken), idToken, userId: sub };
}
