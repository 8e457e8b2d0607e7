import { automationRunSchema, automationSchema } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalCredentialMac } from '../../functions/src/adapters/secrets/local-credential-mac.js';
import {
  createCredentialMinter,
  GATEWAY_CREDENTIAL_TTL_MS,
} from '../../functions/src/domain/mcp/gateway-credential.js';
import { apiAs } from '../support/api.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { type Person, teamHelpers } from '../support/teams.js';

/**
 * An automation run reaches its hosted MCP server through the MCP gateway, as the chat does, with
 * the credential the runner mints (docs/decisions/mcp-servers.md, "Automations through the
 * gateway"); the routes' Lambda authorizer refuses a forged, tampered, expired or misdirected one with 401.
 */
const MODEL = 'llama3.2:latest';
const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let helpers: ReturnType<typeof teamHelpers>;
/** The runner's requests to the automation gateway (it runs in this process): URL and Authorization. */
const seen: { url: string; authorization: string }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'error';
  models = await startModelServer();
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/mcp-automation/')) {
      const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
      seen.push({ url, authorization: headers.get('authorization') ?? '' });
    }
    return realFetch(input, init);
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await stack?.stop();
  await models?.stop();
});

/** Credentials signed with the local stack's own key, `ageMs` in the past. */
const minted = (ageMs = 0) =>
  createCredentialMinter({
    sign: createLocalCredentialMac({ keyFile: process.env.LOCAL_SECRETS_KEY_FILE ?? '' }).sign,
    now: () => Date.now() - ageMs,
  });

async function withKeyAndServer(person: Person, teamId?: string) {
  const key = await person.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const server = await person.api.post(`/mcp-servers${teamId ? `?teamId=${teamId}` : ''}`, {
    name: 'Everything',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 5,
    environmentVariables: [],
  });
  expect(server.status, JSON.stringify(server.body)).toBe(201);
  return { provider: `custom:${key.body.id as string}`, serverId: server.body.id as string };
}

/** Runs an automation calling the server's echo tool; the run once it ended. */
async function runEcho(person: Person, provider: string, serverId: string, teamId?: string) {
  const made = await person.api.post('/automations', {
    name: 'Echo',
    goal: 'Greet [[tool:echo {"message":"through the gateway"}]]',
    mode: 'single_agent',
    serverIds: [serverId],
    provider,
    model: MODEL,
    trigger: { type: 'manual' },
    budget: { maxTokens: 50_000, maxToolCalls: 10, maxMinutes: 5 },
    ...(teamId ? { teamId } : {}),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const { id } = automationSchema.parse(made.body);
  const queued = automationRunSchema.parse((await person.api.post(`/automations/${id}/run`)).body);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const run = automationRunSchema.parse(
      (await person.api.get(`/automations/${id}/runs/${queued.id}`)).body,
    );
    if (run.status !== 'queued' && run.status !== 'running') return run;
    if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const credentialsSeenFor = (serverId: string) =>
  seen.filter((request) => request.url.includes(`/api/mcp-automation/${serverId}`));
const claimsOf = (credential: string) =>
  JSON.parse(Buffer.from(credential.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

// Each starts a hosted server and runs an automation: more than the default 30 s on a busy machine.
describe('automation runs through the MCP gateway', { timeout: 120_000 }, () => {
  it('calls a hosted server’s tool through the gateway with its credential, which does nothing else', async () => {
    const owner = await helpers.person('gw-owner');
    const other = await helpers.person('gw-other');
    const { provider, serverId } = await withKeyAndServer(owner);
    const { serverId: othersServer } = await withKeyAndServer(other);

    const run = await runEcho(owner, provider, serverId);
    expect(run, run.reason).toMatchObject({ status: 'succeeded', toolCalls: 1 });
    // The tools were listed and the tool called at the gateway (MCP, then the long call route).
    const requests = credentialsSeenFor(serverId);
    expect(requests.some((r) => r.url.endsWith(`/mcp-automation/${serverId}`))).toBe(true);
    expect(requests.some((r) => r.url.endsWith(`/mcp-automation/${serverId}/calls`))).toBe(true);
    for (const request of requests) expect(request.authorization).toMatch(/^Bearer afrun1\./);
    const credential = (requests[0]?.authorization ?? '').replace(/^Bearer /, '');
    expect(claimsOf(credential)).toMatchObject({ userId: owner.userId, serverId, runId: run.id });
    expect(claimsOf(credential).teamId).toBeUndefined();

    // Within its minutes it reaches its server, as its person: the server is running.
    const asRun = apiAs(stack.apiUrl, credential);
    expect((await asRun.post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(200);
    // Never another server, nor the chat's gateway (an ID token's route).
    expect((await asRun.post(`/mcp-automation/${othersServer}`, TOOLS_LIST)).status).toBe(401);
    expect((await asRun.post(`/mcp-gateway/${serverId}`, TOOLS_LIST)).status).toBe(401);
    expect(
      (await asRun.post(`/mcp-automation/${serverId}/calls`, { name: 'echo', arguments: { message: 'x' } }))
        .status,
    ).toBe(200);
    // An ID token is no credential here, nor is nothing.
    expect((await owner.api.post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(401);
    expect((await apiAs(stack.apiUrl).post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(401);

    // Tampered: another person named in the genuine credential's claims.
    const [prefix, , mac] = credential.split('.');
    const claims = { ...claimsOf(credential), userId: other.userId };
    const tampered = `${prefix}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`;
    expect((await apiAs(stack.apiUrl, tampered).post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(
      401,
    );
    // Forged: the right form, signed with a key that is not the stack's.
    const forged = await createCredentialMinter({
      sign: async () => Buffer.alloc(32, 7),
      now: Date.now,
    })({ userId: owner.userId, serverId, runId: run.id });
    expect((await apiAs(stack.apiUrl, forged).post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(
      401,
    );
    // Expired: signed with the stack's key, minted longer ago than it lives (a fresh one passes).
    const naming = { userId: owner.userId, serverId, runId: run.id };
    const expired = await minted(GATEWAY_CREDENTIAL_TTL_MS + 1_000)(naming);
    const fresh = await minted()(naming);
    const expiredAnswer = await apiAs(stack.apiUrl, expired).post(`/mcp-automation/${serverId}`, TOOLS_LIST);
    expect(expiredAnswer.status).toBe(401);
    // Refused by the routes' Lambda authorizer, in API Gateway's words, before the gateway runs.
    expect(expiredAnswer.body.message).toBe('Unauthorized');
    expect((await apiAs(stack.apiUrl, fresh).post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(
      200,
    );
    // Genuine, but naming someone the server is not theirs: as that person, it is not found.
    const stranger = await minted()({ userId: other.userId, serverId, runId: run.id });
    expect((await apiAs(stack.apiUrl, stranger).post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(
      404,
    );
  });

  it('runs a team’s automation on the team’s server as the team, and only in that space', async () => {
    const admin = await helpers.person('gw-admin');
    const { teamId } = await helpers.createTeam(admin, 'Gateway runners');
    const { provider } = await withKeyAndServer(admin);
    const { serverId } = await withKeyAndServer(admin, teamId);

    const run = await runEcho(admin, provider, serverId, teamId);
    expect(run, run.reason).toMatchObject({ status: 'succeeded', toolCalls: 1 });
    const credential = (credentialsSeenFor(serverId)[0]?.authorization ?? '').replace(/^Bearer /, '');
    expect(claimsOf(credential)).toMatchObject({ userId: admin.userId, teamId, serverId, runId: run.id });

    // A credential of the same person without the team (a personal automation's) may not use it.
    const personal = await minted()({ userId: admin.userId, serverId, runId: run.id });
    const refused = await apiAs(stack.apiUrl, personal).post(`/mcp-automation/${serverId}`, TOOLS_LIST);
    expect(refused.status).toBe(404);
    const asTeam = await minted()({ userId: admin.userId, teamId, serverId, runId: run.id });
    expect((await apiAs(stack.apiUrl, asTeam).post(`/mcp-automation/${serverId}`, TOOLS_LIST)).status).toBe(
      200,
    );
  });
});
