/**
 * Team overage (Hardening 4) on the local stack: a member's usage of the platform's models in a
 * subscribed team's space is counted on the team's plan and billed to the team's Stripe customer
 * (the local Stripe's Billing Meter, read back through stripe-node), under the team's cap that its
 * Admins set; the same member's personal usage stays on their own plan and customer.
 */
import {
  checkoutResponseSchema,
  LIMIT_MESSAGES,
  PLAN_LIMIT_ERROR_CODE,
  PLAN_LIMITS,
  type StreamEvent,
  TEAM_MESSAGES,
  teamUsageSchema,
} from '@agentforge/shared';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import type { Api } from '../support/api.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';
import { tokenMeterId } from '../support/stripe-meter.js';
import { type Person, teamHelpers } from '../support/teams.js';

const APP = 'http://localhost:5173';
const urls = { successUrl: `${APP}/teams?checkout=done`, cancelUrl: `${APP}/teams` };
/** The platform's model: Anthropic's family on Bedrock, for a user without an Anthropic key. */
const PLATFORM = { provider: 'anthropic', model: 'claude-3-haiku-20240307' };
const TEAMS = PLAN_LIMITS.teams;
const PRO = PLAN_LIMITS.pro;

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let stripe: Stripe;
let db: DynamoDBDocumentClient;
let helpers: ReturnType<typeof teamHelpers>;

beforeAll(async () => {
  models = await startModelServer();
  // The stream functions' Bedrock client reaches the model server (the SDK's endpoint variable).
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
  const { port } = new URL(stack.stripe.url);
  stripe = new Stripe(stack.stripe.secretKey, { host: 'localhost', port: Number(port), protocol: 'http' });
  db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Pays a checkout on the local Stripe's page with the test card, as the browser's form does. */
async function pay(api: Api, path: string, body: Record<string, unknown>) {
  const response = await api.post(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const paid = await fetch(`${checkoutResponseSchema.parse(response.body).url}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

async function item(table: string | undefined, key: Record<string, string>) {
  const { Item } = await db.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  return Item ?? {};
}
const usage = (userId: string, period: string) => item(process.env.TABLE_USAGE, { userId, period });
const customerOf = async (userId: string) =>
  String((await item(process.env.TABLE_BILLING, { userId })).stripeCustomerId);

/** As earlier replies would have left it: the day's allowance used up. */
async function usedUp(userId: string, period: string, tokensPerDay: number) {
  await db.send(
    new PutCommand({
      TableName: process.env.TABLE_USAGE,
      Item: { userId, period, committed: tokensPerDay, used: tokensPerDay },
    }),
  );
}

async function overageRows(ownerId: string) {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: process.env.TABLE_USAGE,
      KeyConditionExpression: 'userId = :owner AND begins_with(period, :rows)',
      ExpressionAttributeValues: { ':owner': ownerId, ':rows': `overage#${thisMonth()}#` },
      ConsistentRead: true,
    }),
  );
  return Items;
}

async function newConversation(person: Person, teamId?: string) {
  const now = Date.now();
  return person.api.post('/conversations', {
    title: 'Overage',
    name: 'Overage',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: PLATFORM.provider, defaultModel: PLATFORM.model },
    ...(teamId ? { teamId } : {}),
  });
}

async function chat(person: Person, conversationId: string, text: string): Promise<StreamEvent[]> {
  const query = new URLSearchParams({ conversationId, ...PLATFORM, triggerContent: text });
  const url = `${stack.apiUrl}/api/messages/generate-stream?${query}`;
  return (await collect(readStream(url, person.idToken))).map((received) => received.event);
}

/** What the local Stripe's Billing Meter summed for a customer (stripe-node's event summaries). */
async function metered(customer: string, since: number) {
  const { data } = await stripe.billing.meters.listEventSummaries(await tokenMeterId(stripe), {
    customer,
    start_time: Math.floor(since / 1000) - 60,
    end_time: Math.floor(Date.now() / 1000) + 60,
  });
  return data.reduce((sum, summary) => sum + summary.aggregated_value, 0);
}

describe('a team member’s overage', () => {
  it('in the team space is the team’s (its meter, its cap set by Admins); personal usage stays the member’s', async () => {
    const since = Date.now();
    const admin = await helpers.person('ov-admin');
    const member = await helpers.person('ov-member');
    const outsider = await helpers.person('ov-outsider');
    const team = await helpers.createTeam(admin, 'Overage');
    await helpers.join(member, team.teamId, admin);
    await pay(admin.api, `/teams/${team.teamId}/subscription/checkout`, urls);
    // The member has their own Pro subscription (and Stripe customer) too.
    await pay(member.api, '/subscriptions/checkout', { tier: 'pro', ...urls });
    const teamOwner = `team#${team.teamId}`;

    // A conversation of the team space: its members only.
    expect(await newConversation(outsider, team.teamId)).toMatchObject({
      status: 404,
      body: { message: TEAM_MESSAGES.notFound },
    });
    const inTeam = await newConversation(member, team.teamId);
    expect(inTeam.status, JSON.stringify(inTeam.body)).toBe(201);
    expect(inTeam.body.teamId).toBe(team.teamId);

    // Past the Teams plan's daily tokens in the team space: the overage is booked on the team.
    await usedUp(teamOwner, `tokens#${today()}#${member.userId}`, TEAMS.tokensPerDay);
    expect((await chat(member, inTeam.body.id as string, 'Over [[long:200]]')).at(-1)).toMatchObject({
      type: 'end',
    });
    const teamDay = await usage(teamOwner, `tokens#${today()}#${member.userId}`);
    const teamOverage = Number(teamDay.used) - TEAMS.tokensPerDay;
    expect(teamOverage).toBeGreaterThan(200);
    expect(teamDay.committed).toBe(teamDay.used);
    expect((await overageRows(teamOwner)).map((row) => [row.tokens, row.memberId])).toEqual([
      [teamOverage, member.userId],
    ]);
    expect(await overageRows(member.userId)).toEqual([]);
    expect((await usage(member.userId, `tokens#${today()}`)).used).toBeUndefined();

    // The member's personal space, past their own Pro allowance: their own overage.
    const personal = await newConversation(member);
    expect(personal.body.teamId).toBeUndefined();
    await usedUp(member.userId, `tokens#${today()}`, PRO.tokensPerDay);
    expect((await chat(member, personal.body.id as string, 'Mine [[long:100]]')).at(-1)).toMatchObject({
      type: 'end',
    });
    const ownOverage = Number((await usage(member.userId, `tokens#${today()}`)).used) - PRO.tokensPerDay;
    expect(ownOverage).toBeGreaterThan(100);
    expect((await overageRows(member.userId)).map((row) => row.tokens)).toEqual([ownOverage]);
    expect(await overageRows(teamOwner)).toHaveLength(1);

    // The reporter bills each to its customer: the team's meter counts the team space, the
    // member's own customer only their personal overage.
    const { overageReporter } = await import('../../functions/src/composition/billing.js');
    await overageReporter()();
    expect(await metered(await customerOf(teamOwner), since)).toBe(teamOverage);
    expect(await metered(await customerOf(member.userId), since)).toBe(ownOverage);
    for (const row of await overageRows(teamOwner)) expect(row.meterOutcome).toBe('reported');

    // Admins see each member's usage in the team space, the team's overage and its cap.
    const view = teamUsageSchema.parse((await admin.api.get(`/teams/${team.teamId}/usage`)).body);
    expect(view.members.find((row) => row.userId === member.userId)?.tokensToday).toBe(teamDay.used);
    expect(view.overage).toMatchObject({ tokens: teamOverage, capUsd: 10 });

    // The team's cap: Admins set it, Users cannot; outsiders do not find the team.
    expect(await member.api.put(`/teams/${team.teamId}/overage-cap`, { capUsd: 500 })).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.adminRequired },
    });
    expect((await outsider.api.put(`/teams/${team.teamId}/overage-cap`, { capUsd: 500 })).status).toBe(404);
    expect((await admin.api.put(`/teams/${team.teamId}/overage-cap`, { capUsd: -1 })).status).toBe(400);
    expect(await admin.api.put(`/teams/${team.teamId}/overage-cap`, { capUsd: 1 })).toMatchObject({
      status: 200,
      body: { capUsd: 1 },
    });
    expect(
      teamUsageSchema.parse((await admin.api.get(`/teams/${team.teamId}/usage`)).body).overage.capUsd,
    ).toBe(1);
    // The member's own cap is untouched.
    expect((await item(process.env.TABLE_BILLING, { userId: member.userId })).overageCapUsd).toBeUndefined();

    // Past the team's cap ($1: 100,000 tokens, other members' overage included), further usage in
    // the team space is refused before the model is called; personal usage goes on.
    await db.send(
      new PutCommand({
        TableName: process.env.TABLE_USAGE,
        Item: { userId: teamOwner, period: `overage#${thisMonth()}`, tokens: 100_000 + teamOverage },
      }),
    );
    const calls = models.requests.length;
    expect((await chat(member, inTeam.body.id as string, 'Even more')).at(-1)).toEqual({
      type: 'error',
      message: LIMIT_MESSAGES.teamOverageCap(1),
      code: PLAN_LIMIT_ERROR_CODE,
    });
    expect(models.requests.length).toBe(calls);
    expect((await chat(member, personal.body.id as string, 'Still mine')).at(-1)).toMatchObject({
      type: 'end',
    });
  }, 60_000);
});
