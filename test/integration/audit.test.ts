import {
  AGENT_STREAM_PATHS,
  type AgentPlan,
  type AuditRecord,
  auditPageSchema,
  auditRecordSchema,
  checkoutResponseSchema,
  decodeStreamFrame,
  githubAuthorizeUrlResponseSchema,
  splitSseFrames,
} from '@agentforge/shared';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';

/** The audit log on the local stack: every wired action leaves a record; chains verify; logs are private. */
const APP = 'http://localhost:5173';
const USER_AGENT = 'audit-test/1.0 (integration)';
const MODEL = 'llama3.2:latest';
const EVERYTHING = '@modelcontextprotocol/server-everything';
/** Secrets the test hands the API: none may appear in any audit record. */
const SECRETS = {
  apiKey: 'sk-audit-SECRET-MARKER-api-key-9c1d',
  envValue: 'env-SECRET-MARKER-server-env-77b2',
};

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
const db = () => createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });

interface User {
  userId: string;
  idToken: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: Record<string, unknown> }>;
  raw: (path: string) => Promise<Response>;
}

async function signUp(): Promise<User> {
  const { idToken } = await signUpAndSignIn();
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  const api = apiAs(stack.apiUrl, idToken, { 'User-Agent': USER_AGENT });
  return { userId: claims.sub, idToken, call: api.call, raw: (path) => api.raw(path) };
}

/** Every record of a user's log through the API, newest first, page by page. */
async function allRecords(user: User, query = ''): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  let cursor: string | undefined;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', '100');
    if (cursor) params.set('cursor', cursor);
    const { status, body } = await user.call('GET', `/audit?${params}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const page = auditPageSchema.parse(body);
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records;
}

/** The scope's items exactly as stored (expiry and all). */
async function storedItems(userId: string): Promise<Record<string, unknown>[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: process.env.TABLE_AUDIT,
      KeyConditionExpression: '#scope = :scope',
      ExpressionAttributeNames: { '#scope': 'scope' },
      ExpressionAttributeValues: { ':scope': `user#${userId}` },
    }),
  );
  return Items ?? [];
}

async function verify(userId: string) {
  const { auditService } = await import('../../functions/src/composition/audit.js');
  return auditService().verify(`user#${userId}`);
}

/** Runs a stream to its end (as the browser would, with our user agent); the events. */
async function stream(user: User, path: string, params: Record<string, string>) {
  const response = await user.raw(`${path}?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  const { frames } = splitSseFrames(`${await response.text()}\n\n`);
  return frames.map(decodeStreamFrame).filter((event) => event !== undefined && event !== null);
}

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('the audit log on the local stack', () => {
  let alice: User;
  const githubSecrets: string[] = [];

  it('records every wired action with actor, source IP, user agent and outcome, and never a secret', async () => {
    alice = await signUp();

    // API keys: created, deleted, and a delete of a key that is not there (failure).
    const key = await alice.call('POST', '/api-keys', {
      provider: 'openai',
      apiKey: SECRETS.apiKey,
      label: 'Work',
    });
    expect(key.status).toBe(201);
    expect((await alice.call('DELETE', `/api-keys/${key.body.id}`)).status).toBe(204);
    expect((await alice.call('DELETE', '/api-keys/no-such-key')).status).toBe(404);

    // An MCP server with a secret env value: created, edited, enabled, disabled, its external token, deleted.
    const config = { name: 'Everything', packageName: EVERYTHING, idleTimeoutMinutes: 5 };
    const server = await alice.call('POST', '/mcp-servers', {
      ...config,
      environmentVariables: { API_TOKEN: SECRETS.envValue },
    });
    expect(server.status).toBe(201);
    const serverId = server.body.id as string;
    const edited = await alice.call('PUT', `/mcp-servers/${serverId}`, {
      ...config,
      name: 'Everything edited',
      environmentVariables: { API_TOKEN: SECRETS.envValue },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const token = await alice.call('POST', `/mcp-servers/${serverId}/external-token`);
    expect(token.status).toBe(201);
    const externalToken = token.body.token as string;
    expect((await alice.call('POST', `/mcp-servers/${serverId}/enable`)).status).toBe(200);
    await expect
      .poll(async () => (await alice.call('GET', `/mcp-servers/${serverId}`)).body.status, {
        timeout: 60_000,
      })
      .toBe('enabled');

    // An agent plan (MCP Server mode: one exact tool call) confirmed and executed on that server.
    const custom = await alice.call('POST', '/api-keys', {
      provider: 'custom',
      baseUrl: models.baseUrls.custom,
    });
    const now = Date.now();
    const conversation = await alice.call('POST', '/conversations', {
      title: 'Agent',
      name: 'Agent',
      messages: [],
      createdAt: now,
      updatedAt: now,
      metadata: { defaultProvider: `custom:${custom.body.id}`, defaultModel: MODEL },
    });
    const conversationId = conversation.body.id as string;
    const goal = await alice.call('POST', '/messages', {
      conversationId,
      content: 'Say hello',
      role: 'user',
      provider: `custom:${custom.body.id}`,
      model: MODEL,
    });
    const planning = await stream(alice, AGENT_STREAM_PATHS.plan, {
      conversationId,
      serverId,
      mode: 'mcp',
      goalMessageId: goal.body.id as string,
      provider: `custom:${custom.body.id}`,
      model: MODEL,
    });
    const planned = planning.find((event) => event.type === 'plan');
    if (planned?.type !== 'plan') throw new Error(`no plan: ${JSON.stringify(planning)}`);
    const plan: AgentPlan = planned.plan;
    const step = plan.steps[0]?.id as string;
    const stepPath = `/conversations/${conversationId}/plans/${plan.id}/steps/${step}`;
    expect((await alice.call('POST', `${stepPath}/confirm`)).status).toBe(200);
    const run = await stream(alice, AGENT_STREAM_PATHS.execute, {
      conversationId,
      planId: plan.id,
      stepId: step,
    });
    expect(run.filter((event) => event.type === 'plan_step').at(-1)).toMatchObject({ status: 'completed' });

    expect((await alice.call('POST', `/mcp-servers/${serverId}/disable`)).status).toBe(200);
    await expect
      .poll(async () => (await alice.call('GET', `/mcp-servers/${serverId}`)).body.status, {
        timeout: 30_000,
      })
      .toBe('disabled');
    expect((await alice.call('DELETE', `/mcp-servers/${serverId}`)).status).toBe(204);

    // GitHub: linked through the local GitHub, then unlinked.
    const started = githubAuthorizeUrlResponseSchema.parse(
      (await alice.call('POST', '/github/authorize-url', {})).body,
    );
    const form = new URLSearchParams(new URL(started.url).searchParams);
    form.set('decision', 'authorize');
    form.set('login', 'audit-octocat');
    const consent = await fetch(new URL('/login/oauth/authorize', stack.githubUrl), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const code = new URL(consent.headers.get('location') as string).searchParams.get('code') as string;
    githubSecrets.push(code, started.state, process.env.GITHUB_CLIENT_SECRET as string);
    const linked = await alice.call('POST', '/github/exchange-code', {
      code,
      state: started.state,
      targetAppId: null,
    });
    expect(linked.status).toBe(200);
    expect((await alice.call('DELETE', '/github/link')).status).toBe(204);

    // The subscription: checkout on the local Stripe (its webhook, Stripe as actor), cancel, resume.
    const checkout = await alice.call('POST', '/subscriptions/checkout', {
      tier: 'pro',
      successUrl: `${APP}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${APP}/subscription/cancel`,
    });
    const checkoutUrl = checkoutResponseSchema.parse(checkout.body).url;
    await fetch(checkoutUrl);
    const paid = await fetch(`${checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect((await alice.call('POST', '/subscriptions/cancel')).status).toBe(200);
    expect((await alice.call('POST', '/subscriptions/resume')).status).toBe(200);

    const records = await allRecords(alice);
    const oldestFirst = [...records].reverse();
    const summary = oldestFirst.map((record) => `${record.action}:${record.outcome}`);
    expect(summary[0]).toBe('auth.sign_in:success');
    expect(summary).toEqual(
      expect.arrayContaining([
        'api_key.created:success',
        'api_key.deleted:success',
        'api_key.deleted:failure',
        'mcp_server.created:success',
        'mcp_server.updated:success',
        'mcp_server.external_token_issued:success',
        'mcp_server.enabled:success',
        'agent.step_confirmed:success',
        'agent.step_executed:success',
        'mcp_server.disabled:success',
        'mcp_server.deleted:success',
        'github.linked:success',
        'github.unlinked:success',
        'subscription.checkout_completed:success',
        'subscription.cancelled:success',
        'subscription.resumed:success',
      ]),
    );
    // Stripe's webhooks are Stripe's doing; the rest is Alice's, from this client.
    for (const record of records) {
      expect(auditRecordSchema.parse(record)).toEqual(record);
      expect(record.scope).toBe(`user#${alice.userId}`);
      if (record.action.startsWith('subscription.') && record.actor === 'system:stripe') continue;
      expect(record.actor).toBe(alice.userId);
      if (record.action === 'auth.sign_in') {
        // Cognito's trigger carries neither (docs/decisions/audit.md).
        expect(record).toMatchObject({ sourceIp: 'unknown', userAgent: 'unknown' });
        continue;
      }
      expect(record.sourceIp).toMatch(/127\.0\.0\.1$/);
      expect(record.userAgent).toBe(USER_AGENT);
    }
    expect(records.find((r) => r.action === 'subscription.checkout_completed')).toMatchObject({
      actor: 'system:stripe',
      details: expect.objectContaining({ tier: 'pro', event: 'checkout.session.completed' }),
    });
    expect(records.find((r) => r.action === 'api_key.deleted' && r.outcome === 'failure')).toMatchObject({
      target: 'api-key:no-such-key',
      details: { error: 'NotFoundError' },
    });
    expect(records.find((r) => r.action === 'mcp_server.created')).toMatchObject({
      target: `mcp-server:${serverId}`,
      details: { name: 'Everything' },
    });
    expect(records.find((r) => r.action === 'github.linked')).toMatchObject({
      details: { username: 'audit-octocat' },
    });

    // No secret anywhere: not through the API, not as stored.
    const everything = JSON.stringify([records, await storedItems(alice.userId)]);
    for (const secret of [SECRETS.apiKey, SECRETS.envValue, externalToken, ...githubSecrets]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain('SECRET-MARKER');
    expect(everything).not.toContain('ciphertext');

    expect(await verify(alice.userId)).toEqual({
      ok: true,
      count: records.length,
      startsAt: 1,
      headSeq: records.length,
    });
  }, 240_000);

  it('keeps a chain linear under concurrent writes, and detects a tampered record', async () => {
    const carol = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        carol.call('POST', '/api-keys', {
          provider: 'openai',
          apiKey: `sk-concurrent-${i}-xxxxxxxx`,
          label: `K${i}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const stored = await storedItems(carol.userId);
    // The sign-in and ten keys, positions 1..11 with no gap and no duplicate.
    expect(stored.map((item) => item.seq)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(await verify(carol.userId)).toMatchObject({ ok: true, count: 11 });
    // The same walk through the API, for the owner of the log.
    expect(await carol.call('GET', '/audit/verify')).toEqual({
      status: 200,
      body: { ok: true, count: 11, startsAt: 1, headSeq: 11 },
    });
    expect((await carol.call('GET', '/audit/verify?since=1')).status).toBe(400);

    // Someone with write access to the table changes a record's outcome: the chain says where.
    await db().send(
      new UpdateCommand({
        TableName: process.env.TABLE_AUDIT,
        Key: { scope: `user#${carol.userId}`, seq: 5 },
        UpdateExpression: 'SET outcome = :failure',
        ExpressionAttributeValues: { ':failure': 'failure' },
      }),
    );
    expect(await verify(carol.userId)).toMatchObject({
      ok: false,
      brokenAt: 5,
      reason: 'its content does not match its hash',
    });
    expect((await carol.call('GET', '/audit/verify')).body).toEqual({
      ok: false,
      count: 4,
      brokenAt: 5,
      reason: 'its content does not match its hash',
    });
  }, 120_000);

  it('filters by action, actor and date, pages with an opaque cursor, and exports CSV and JSON', async () => {
    const dave = await signUp();
    for (const label of ['First', '=HYPERLINK("http://evil.example")', 'Third, with "quotes"']) {
      expect(
        (await dave.call('POST', '/api-keys', { provider: 'openai', apiKey: 'sk-x-12345678', label })).status,
      ).toBe(201);
    }
    const page = auditPageSchema.parse((await dave.call('GET', '/audit?limit=2')).body);
    expect(page.records.map((r) => r.seq)).toEqual([4, 3]);
    expect(page.nextCursor).toMatch(/^[\w-]+$/);
    const next = auditPageSchema.parse(
      (await dave.call('GET', `/audit?limit=2&cursor=${page.nextCursor}`)).body,
    );
    expect(next.records.map((r) => r.seq)).toEqual([2, 1]);

    expect((await allRecords(dave, 'action=api_key.created')).map((r) => r.seq)).toEqual([4, 3, 2]);
    expect((await allRecords(dave, 'action=auth.sign_in')).map((r) => r.seq)).toEqual([1]);
    expect(await allRecords(dave, `actor=${dave.userId}`)).toHaveLength(4);
    expect(await allRecords(dave, 'actor=system:stripe')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await allRecords(dave, `from=${today}&to=${today}`)).toHaveLength(4);
    expect(await allRecords(dave, 'from=2099-01-01')).toEqual([]);
    expect(await allRecords(dave, 'to=2000-01-01')).toEqual([]);

    for (const bad of [
      'cursor=bm90LWpzb24',
      'action=nope',
      'from=yesterday',
      'limit=1000',
      'teamId=not/an-id',
      'scope=x',
    ]) {
      expect((await dave.call('GET', `/audit?${bad}`)).status, bad).toBe(400);
    }
    // A team Dave is not a member of: 404 (team-audit.test.ts covers the team scope).
    expect((await dave.call('GET', '/audit?teamId=t1')).status).toBe(404);

    const csv = await dave.raw('/audit/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,actor,action,target,outcome,sourceIp,userAgent,details,id,seq,prevHash,hash');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',auth.sign_in,');
    // The formula is text in a spreadsheet; quotes are doubled inside a quoted cell.
    expect(lines[3]).toContain(
      `"{""provider"":""openai"",""label"":""=HYPERLINK(\\""http://evil.example\\"")""}"`,
    );
    expect(lines[4]).toContain('Third, with');

    const json = await dave.raw('/audit/export?format=json&action=api_key.created');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const exported = (await json.json()) as AuditRecord[];
    expect(exported.map((r) => r.seq)).toEqual([2, 3, 4]);
    expect(exported[1]?.details).toEqual({ provider: 'openai', label: '=HYPERLINK("http://evil.example")' });
    expect((await dave.raw('/audit/export?format=xml')).status).toBe(400);
  }, 120_000);

  it('hides records past the retention until DynamoDB’s TTL deletes them', async () => {
    const frank = await signUp();
    const { createAuditRecorder } = await import('../../functions/src/domain/audit/audit-recorder.js');
    const { createAuditLogWriter } = await import(
      '../../functions/src/adapters/dynamodb/audit-log-writer.js'
    );
    const days = 86_400_000;
    // A record written 400 days ago on a stage keeping 365: expired, still stored (dynalite has no TTL).
    const recorder = createAuditRecorder({
      store: createAuditLogWriter(db(), process.env.TABLE_AUDIT as string),
      newId: () => `old-${Date.now()}`,
      now: () => Date.now() - 400 * days,
      retentionDays: 365,
      onWriteFailure: (_entry, error) => {
        throw error;
      },
    });
    // Its own scope (a chain's time never goes backwards, so it cannot follow today's sign-in).
    const scope = `user#${frank.userId}-old`;
    await recorder.append({
      scope,
      actor: frank.userId,
      action: 'api_key.created',
      target: 'api-key:old',
      outcome: 'success',
      client: { sourceIp: '127.0.0.1', userAgent: USER_AGENT },
    });
    const { auditService } = await import('../../functions/src/composition/audit.js');
    expect((await auditService().list(scope, {})).records).toEqual([]);
    expect(await auditService().verify(scope)).toMatchObject({ ok: true, count: 1 });
    expect((await auditService().export(scope, {}, 'json')).body.trim()).toBe('[]');
  });

  it('shows each user only their own log', async () => {
    const eve = await signUp();
    const own = await allRecords(eve);
    expect(own.map((r) => r.action)).toEqual(['auth.sign_in']);
    expect(own.every((r) => r.scope === `user#${eve.userId}` && r.actor === eve.userId)).toBe(true);
    // Alice's actor id as a filter finds nothing in Eve's log; the export is Eve's alone.
    expect(await allRecords(eve, `actor=${alice.userId}`)).toEqual([]);
    const exported = (await (await eve.raw('/audit/export?format=json')).json()) as AuditRecord[];
    expect(exported.map((r) => r.scope)).toEqual([`user#${eve.userId}`]);
    expect((await fetch(`${stack.apiUrl}/api/audit`)).status).toBe(401);
  });
  it('records a failed sign-in from the identity service’s activity log, never the password tried', async () => {
    const { email, idToken } = await signUpAndSignIn();
    const frank = apiAs(stack.apiUrl, idToken);
    const wrongPassword = 'wrong-SECRET-MARKER-password-3f1e';
    await signOut();
    await expect(signIn({ username: email, password: wrongPassword })).rejects.toThrow(
      /Incorrect username or password/,
    );
    await signIn({ username: email, password: TEST_PASSWORD });

    // The activity log is delivered after the answer (as a log subscription is): wait for it.
    let records: AuditRecord[] = [];
    await expect
      .poll(
        async () => {
          const { body } = await frank.call('GET', '/audit?action=auth.sign_in_failed');
          records = auditPageSchema.parse(body).records;
          return records.length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const [failed] = records;
    expect(failed).toMatchObject({
      action: 'auth.sign_in_failed',
      actor: 'system:cognito',
      outcome: 'failure',
      sourceIp: expect.stringMatching(/127\.0\.0\.1/),
      details: { challenges: 'Password:Failure' },
    });
    expect(failed?.userAgent).not.toBe('unknown');
    // Sign-ins that passed are the post-authentication trigger's: two, and no 'failed' duplicate.
    const all = (await frank.call('GET', '/audit?limit=100')).body as { records: AuditRecord[] };
    expect(all.records.map((r) => r.action).sort()).toEqual([
      'auth.sign_in',
      'auth.sign_in',
      'auth.sign_in_failed',
    ]);
    expect(JSON.stringify(all)).not.toContain('SECRET-MARKER');
    expect(await verify(failed?.target.slice('user:'.length) ?? '')).toMatchObject({ ok: true, count: 3 });
  });
});
