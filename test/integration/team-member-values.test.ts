import { checkoutResponseSchema, SERVER_MESSAGES, teamUsageSchema } from '@agentforge/shared';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import type { Api } from '../support/api.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';
import { type Person, teamHelpers } from '../support/teams.js';

/**
 * Hardening 4: a team server's values are readable by every member who uses it (server-everything's
 * `get-env` prints its environment), so values that must stay a member's own are per-member: each
 * member enters theirs, and the server runs one instance per member with only that member's values.
 */
const APP = 'http://localhost:5173';
const EVERYTHING = '@modelcontextprotocol/server-everything';
const SHARED = 'shared-region-value-7781';
const A_SECRET = 'member-a-token-0a1b2c3d4e';
const B_SECRET = 'member-b-token-9z8y7x6w5v';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let helpers: ReturnType<typeof teamHelpers>;

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false, reaperIntervalMs: 500, appOrigins: [APP] });
  helpers = teamHelpers(stack);
  configureAmplify(stack.runtimeConfig);
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

async function untilStatus(api: Api, id: string, wanted: string, timeout = 30_000) {
  await expect
    .poll(async () => (await api.get(`/mcp-servers/${id}`)).body.status, { timeout, interval: 250 })
    .toBe(wanted);
  return (await api.get(`/mcp-servers/${id}`)).body;
}

/** The environment the caller's run of the server prints, through the gateway as the caller. */
async function printedEnv(person: Person, serverId: string): Promise<string> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.apiUrl}/api/mcp-gateway/${serverId}`), {
      requestInit: { headers: { Authorization: `Bearer ${person.idToken}` } },
    }),
  );
  try {
    return JSON.stringify((await client.callTool({ name: 'get-env', arguments: {} })).content);
  } finally {
    await client.close();
  }
}

/** The text of a chat reply of `person` whose model calls the server's `get-env`. */
async function chatPrintingEnv(person: Person, serverId: string) {
  const key = await person.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const now = Date.now();
  const { body: conversation } = await person.api.post('/conversations', {
    title: 'Env',
    name: 'Env',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  const query = new URLSearchParams({
    conversationId: conversation.id as string,
    provider: `custom:${key.body.id as string}`,
    model: 'llama3.2:latest',
    mcpServerId: serverId,
    triggerContent: 'Show me [[tool:get-env {}]]',
  });
  const events = (
    await collect(readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, person.idToken))
  ).map((received) => received.event);
  return {
    events,
    text: events.flatMap((event) => (event.type === 'message_delta' ? [event.chunk] : [])).join(''),
  };
}

/**
 * An Admin and two Users; `subscribed`: on the Teams plan (each member's instance is a server of the
 * team's plan, and Free runs one at a time).
 */
async function teamOfThree(subscribed = false) {
  const admin = await helpers.person('admin');
  const a = await helpers.person('member-a');
  const b = await helpers.person('member-b');
  const team = await helpers.createTeam(admin, 'Per member');
  await helpers.join(a, team.teamId, admin);
  await helpers.join(b, team.teamId, admin);
  if (subscribed) {
    const checkout = await admin.api.post(`/teams/${team.teamId}/subscription/checkout`, {
      successUrl: `${APP}/teams?checkout=done`,
      cancelUrl: `${APP}/teams`,
    });
    const paid = await fetch(`${checkoutResponseSchema.parse(checkout.body).url}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
  }
  return { admin, a, b, teamId: team.teamId };
}

const perMemberServer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Everything per member',
  packageName: EVERYTHING,
  idleTimeoutMinutes: 5,
  environmentVariables: [
    { key: 'SHARED_REGION', value: SHARED },
    { key: 'API_TOKEN', value: '' },
  ],
  memberVariables: ['API_TOKEN'],
  ...overrides,
});

describe('team servers with per-member values', () => {
  it("runs one instance per member: a member's value never reaches another member or the Admin", async () => {
    const { admin, a, b, teamId } = await teamOfThree(true);
    const created = await admin.api.post(`/mcp-servers?teamId=${teamId}`, perMemberServer());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'defined',
      memberVariables: ['API_TOKEN'],
      environmentVariables: { SHARED_REGION: '••••••••7781' },
    });
    const id = created.body.id as string;

    // A enters their value once: answered masked, never whole.
    const saved = await a.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: A_SECRET } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ myValues: { API_TOKEN: '••••••••3d4e' } });
    expect(JSON.stringify(saved.body)).not.toContain(A_SECRET);
    expect(JSON.stringify((await a.api.get(`/mcp-servers?teamId=${teamId}`)).body)).not.toContain(A_SECRET);

    // A starts it: their instance has their value and the shared one.
    expect((await a.api.post(`/mcp-servers/${id}/enable`)).status).toBe(200);
    await untilStatus(a.api, id, 'enabled');
    const aEnv = await printedEnv(a, id);
    expect(aEnv).toContain(A_SECRET);
    // Shared values are readable by every member through the server's tools (the form says so).
    expect(aEnv).toContain(SHARED);

    // B, without a value: A's running instance is not theirs, and they are told what to supply.
    const bView = await b.api.get(`/mcp-servers/${id}`);
    expect(bView.body).toMatchObject({ status: 'defined', myValues: {} });
    expect(JSON.stringify(bView.body)).not.toContain(A_SECRET);
    expect(await b.api.post(`/mcp-servers/${id}/enable`)).toMatchObject({
      status: 409,
      body: { message: SERVER_MESSAGES.memberValuesNeeded(['API_TOKEN']) },
    });
    await expect(printedEnv(b, id)).rejects.toThrow();
    const bChat = await chatPrintingEnv(b, id);
    expect(JSON.stringify(bChat.events)).toContain(SERVER_MESSAGES.memberValuesNeeded(['API_TOKEN']));
    expect(JSON.stringify(bChat.events)).not.toContain(A_SECRET);

    // B enters theirs: the chat starts B's own instance, which has B's value and not A's.
    expect(
      (await b.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: B_SECRET } })).status,
    ).toBe(200);
    const bChatted = await chatPrintingEnv(b, id);
    expect(bChatted.text, JSON.stringify(bChatted.events)).toContain(B_SECRET);
    expect(bChatted.text).toContain(SHARED);
    expect(bChatted.text).not.toContain(A_SECRET);
    expect(await printedEnv(b, id)).not.toContain(A_SECRET);
    expect(await printedEnv(a, id)).not.toContain(B_SECRET);

    // The Admin sees neither member's value and has no instance of their own until they give one.
    const adminView = await admin.api.get(`/mcp-servers/${id}`);
    expect(JSON.stringify(adminView.body)).not.toMatch(new RegExp(`${A_SECRET}|${B_SECRET}`));
    expect(adminView.body).toMatchObject({ status: 'defined', myValues: {} });
    expect((await admin.api.post(`/mcp-servers/${id}/enable`)).status).toBe(409);
    await expect(printedEnv(admin, id)).rejects.toThrow();
    // A member's instance is never reachable by its own key.
    for (const person of [admin, b]) {
      expect((await person.api.get(`/mcp-servers/${id}--${a.userId}`)).status).toBe(404);
    }

    // A replaces their value: their running instance stops, and the next start has the new one.
    const replaced = await a.api.put(`/mcp-servers/${id}/my-values`, {
      values: { API_TOKEN: `${A_SECRET}-v2` },
    });
    expect(replaced.body.status).toMatch(/deprovisioning|disabled/);
    await untilStatus(a.api, id, 'disabled');
    expect((await a.api.post(`/mcp-servers/${id}/enable`)).status).toBe(200);
    await untilStatus(a.api, id, 'enabled');
    expect(await printedEnv(a, id)).toContain(`${A_SECRET}-v2`);

    // The Admin stops the server: every member's instance stops.
    expect((await admin.api.post(`/mcp-servers/${id}/disable`)).status).toBe(200);
    await untilStatus(a.api, id, 'disabled');
    await untilStatus(b.api, id, 'disabled');

    // A removes their value: told again what to supply.
    const removed = await a.api.del(`/mcp-servers/${id}/my-values`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 'defined', myValues: {} });
    expect((await a.api.post(`/mcp-servers/${id}/enable`)).status).toBe(409);

    // Saving and removing are in the member's and the team's activity log, without the value.
    const log = await a.api.get('/audit?action=mcp_server.member_values_saved');
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ target: `mcp-server:${id}`, outcome: 'success' })]),
    );
    expect(JSON.stringify(log.body)).not.toContain(A_SECRET);
    const teamLog = await admin.api.get(`/audit?teamId=${teamId}&action=mcp_server.member_values_removed`);
    expect(JSON.stringify(teamLog.body)).toContain(a.userId);

    expect((await admin.api.del(`/mcp-servers/${id}`)).status).toBe(204);
    expect((await b.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: 'x' } })).status).toBe(
      404,
    );
  }, 180_000);

  it('checks the values and who may have them', async () => {
    const { admin, a, teamId } = await teamOfThree();
    // Only a team server has per-member values.
    expect(await a.api.post('/mcp-servers', perMemberServer())).toMatchObject({
      status: 400,
      body: { message: SERVER_MESSAGES.memberValuesOnlyForTeams },
    });
    const shared = await admin.api.post(
      `/mcp-servers?teamId=${teamId}`,
      perMemberServer({ memberVariables: [] }),
    );
    expect(
      await a.api.put(`/mcp-servers/${shared.body.id as string}/my-values`, { values: {} }),
    ).toMatchObject({
      status: 400,
      body: { message: SERVER_MESSAGES.noMemberVariables },
    });
    const { body } = await admin.api.post(`/mcp-servers?teamId=${teamId}`, perMemberServer());
    const id = body.id as string;
    expect(await a.api.put(`/mcp-servers/${id}/my-values`, { values: { OTHER: 'x' } })).toMatchObject({
      status: 400,
      body: { message: SERVER_MESSAGES.unknownMemberVariable('OTHER') },
    });
    expect(await a.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: '' } })).toMatchObject({
      status: 400,
      body: { message: SERVER_MESSAGES.memberValuesRequired(['API_TOKEN']) },
    });
    expect((await a.api.put(`/mcp-servers/${id}/my-values`, { values: 'nope' })).status).toBe(400);
    // A masked value sent back keeps the stored one.
    const { body: mine } = await a.api.put(`/mcp-servers/${id}/my-values`, {
      values: { API_TOKEN: A_SECRET },
    });
    const masked = (mine.myValues as Record<string, string>).API_TOKEN;
    expect(masked).toBe('••••••••3d4e');
    expect((await a.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: masked } })).status).toBe(
      200,
    );
    await a.api.post(`/mcp-servers/${id}/enable`);
    await untilStatus(a.api, id, 'enabled');
    expect(await printedEnv(a, id)).toContain(A_SECRET);
    // Not edited while a member's instance runs (it runs the configuration it started with).
    expect((await admin.api.put(`/mcp-servers/${id}`, perMemberServer({ name: 'Renamed' }))).status).toBe(
      409,
    );
    await admin.api.post(`/mcp-servers/${id}/disable`);
    await untilStatus(a.api, id, 'disabled');
    expect((await admin.api.put(`/mcp-servers/${id}`, perMemberServer({ name: 'Renamed' }))).status).toBe(
      200,
    );
  }, 120_000);

  it("reaps a member's idle instance and books its minutes on the team", async () => {
    const { admin, a, teamId } = await teamOfThree();
    const { body } = await admin.api.post(
      `/mcp-servers?teamId=${teamId}`,
      perMemberServer({ idleTimeoutMinutes: 1 }),
    );
    const id = body.id as string;
    await a.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: A_SECRET } });
    await a.api.post(`/mcp-servers/${id}/enable`);
    await untilStatus(a.api, id, 'enabled');
    expect(await untilStatus(a.api, id, 'disabled', 90_000)).toMatchObject({ stoppedBy: 'idle' });
    // The team's servers' compute (Admins' usage view) holds the instance's minutes.
    const usage = await admin.api.get(`/teams/${teamId}/usage`);
    expect(teamUsageSchema.parse(usage.body).teamServers.computeMinutesThisMonth).toBeGreaterThanOrEqual(1);
  }, 150_000);

  it("erases a departed member's values at once and stops their running instance", async () => {
    const { admin, a, b, teamId } = await teamOfThree();
    const { body } = await admin.api.post(`/mcp-servers?teamId=${teamId}`, perMemberServer());
    const id = body.id as string;
    await a.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: A_SECRET } });
    await b.api.put(`/mcp-servers/${id}/my-values`, { values: { API_TOKEN: B_SECRET } });
    await a.api.post(`/mcp-servers/${id}/enable`);
    await untilStatus(a.api, id, 'enabled');
    // The team's records of the server's instances, as stored.
    const db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
    const instances = async () =>
      (
        (
          await db.send(
            new QueryCommand({
              TableName: stack.dynamodb.tableNames.mcpServers,
              KeyConditionExpression: 'userId = :owner',
              ExpressionAttributeValues: { ':owner': `team#${teamId}` },
            }),
          )
        ).Items ?? []
      ).filter((item) => item.instanceOf === id);
    expect((await instances()).map((item) => Boolean(item.envCiphertext))).toEqual([true, true]);

    await helpers.remove(admin, teamId, a);
    expect((await b.api.del(`/teams/${teamId}/members/${b.userId}`)).status).toBe(204);
    // B's stopped instance is gone; A's running one holds no value and the reaper stops it.
    const [left] = await instances();
    expect(await instances()).toHaveLength(1);
    expect(left).toMatchObject({ memberId: a.userId });
    expect(left?.envCiphertext).toBeUndefined();
    expect(JSON.stringify(left)).not.toContain(A_SECRET.slice(-4));
    await expect
      .poll(async () => (await instances())[0]?.status, { timeout: 30_000, interval: 250 })
      .toBe('disabled');
  }, 150_000);
});
