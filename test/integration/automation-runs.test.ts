import { readFile } from 'node:fs/promises';
import {
  AUTOMATION_FAILURES_BEFORE_PAUSE,
  AUTOMATION_LIMITS,
  AUTOMATION_MESSAGES,
  type AutomationRun,
  automationListSchema,
  automationRunSchema,
  automationSchema,
} from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { type Person, teamHelpers } from '../support/teams.js';

const MODEL = 'llama3.2:latest';
let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let helpers: ReturnType<typeof teamHelpers>;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'error';
  models = await startModelServer();
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

/** A person with a key for the scripted model server, and (`withServer`) the Everything MCP server. */
async function runner(label: string, withServer = false) {
  const person = await helpers.person(label);
  // The account's record (the web app reads it at sign-in): the run's e-mails go to its address.
  expect((await person.api.get('/user')).status).toBe(200);
  const key = await person.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const provider = `custom:${key.body.id as string}`;
  let serverId: string | undefined;
  if (withServer) {
    const created = await person.api.post('/mcp-servers', {
      name: 'Everything',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: [],
    });
    serverId = created.body.id as string;
  }
  return { person, provider, serverId };
}

type Runner = Awaited<ReturnType<typeof runner>>;

async function automation(owner: Runner, overrides: Record<string, unknown>) {
  const response = await owner.person.api.post('/automations', {
    name: 'Digest',
    goal: 'Say hello',
    mode: 'single_agent',
    serverIds: owner.serverId ? [owner.serverId] : [],
    provider: owner.provider,
    model: MODEL,
    trigger: { type: 'manual' },
    budget: { maxTokens: 50_000, maxToolCalls: 10, maxMinutes: 5 },
    ...overrides,
  });
  expect(response.status).toBe(201);
  return automationSchema.parse(response.body);
}

/** 'Run now': 202 with the queued run. */
async function runNow(person: Person, automationId: string): Promise<AutomationRun> {
  const response = await person.api.post(`/automations/${automationId}/run`);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  const run = automationRunSchema.parse(response.body);
  expect(run.status).toBe('queued');
  return run;
}

/** The run once it settled (ended, or waiting for the owner). */
async function settled(person: Person, automationId: string, runId: string): Promise<AutomationRun> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = automationRunSchema.parse(
      (await person.api.get(`/automations/${automationId}/runs/${runId}`)).body,
    );
    if (run.status !== 'queued' && run.status !== 'running') return run;
    if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const messagesOf = async (person: Person, conversationId: string) =>
  (await person.api.get(`/conversations/${conversationId}/messages`)).body.messages as {
    role: string;
    content: string;
  }[];

/** The run e-mails the outbox holds for `to`, once there are `count` (a run saves its state first). */
async function runMails(to: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = (await readFile(stack.outboxFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const mails = lines
      .map((line) => JSON.parse(line) as { to: string; kind: string; subject: string })
      .filter((m) => m.to === to && m.kind === 'automation-run');
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('automation runs on the local stack', () => {
  it('Run now answers at once; the run calls a read-only tool unattended and writes its conversation', async () => {
    const owner = await runner('run-ok', true);
    const made = await automation(owner, { goal: 'Greet [[tool:echo {"message":"hi there"}]]' });
    const queued = await runNow(owner.person, made.id);
    const run = await settled(owner.person, made.id, queued.id);
    expect(run).toMatchObject({ status: 'succeeded', source: 'manual', toolCalls: 1 });
    expect(run.usage.inputTokens + run.usage.outputTokens).toBeGreaterThan(0);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    const messages = await messagesOf(owner.person, run.conversationId ?? '');
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]?.content).toContain('Tool echo said');
    const listed = (await owner.person.api.get(`/automations/${made.id}/runs`)).body.runs as AutomationRun[];
    expect(listed.map((r) => r.id)).toEqual([run.id]);
    // The list of automations tells the last run without reading the runs.
    const [shown] = automationListSchema.parse((await owner.person.api.get('/automations')).body).automations;
    expect(shown?.lastRun).toEqual({
      runId: run.id,
      status: 'succeeded',
      startedAt: run.startedAt,
      endedAt: run.endedAt,
    });
  });

  it('runs on a webhook call with the secret as the bearer; the run keeps the body as its input', async () => {
    const owner = await runner('run-hook');
    const made = await automation(owner, { mode: 'direct', goal: 'Hi', trigger: { type: 'webhook' } });
    const hook = `${stack.apiUrl}${new URL(made.webhookUrl ?? '').pathname}`;
    const headers = { Authorization: `Bearer ${made.webhookSecret}` };
    for (const body of ['{"issue":7}', 'second'])
      expect((await fetch(hook, { method: 'POST', headers, body })).status).toBe(202);
    let runs: AutomationRun[] = [];
    for (let tries = 0; runs.length < 2 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      runs = (await owner.person.api.get(`/automations/${made.id}/runs`)).body.runs as AutomationRun[];
    }
    // The list leaves every run's input out; each run's own read has its body.
    expect(runs.map((listed) => listed.input)).toEqual([undefined, undefined]);
    const ended = await Promise.all(runs.map((listed) => settled(owner.person, made.id, listed.id)));
    expect(ended.map((run) => [run.status, run.source, run.input]).sort()).toEqual([
      ['succeeded', 'webhook', 'second'],
      ['succeeded', 'webhook', '{"issue":7}'],
    ]);
  });

  it('pauses at a tool that is not approved nor read-only, mails the owner, and goes on once approved', async () => {
    const owner = await runner('run-approve', true);
    const made = await automation(owner, { goal: 'Toggle [[tool:toggle-simulated-logging {}]]' });
    const queued = await runNow(owner.person, made.id);
    const waiting = await settled(owner.person, made.id, queued.id);
    expect(waiting).toMatchObject({
      status: 'waiting_approval',
      reason: AUTOMATION_MESSAGES.waitingApproval('toggle-simulated-logging'),
      pendingApproval: { tool: 'toggle-simulated-logging', arguments: {} },
      toolCalls: 0,
    });
    const held = automationSchema.parse((await owner.person.api.get(`/automations/${made.id}`)).body);
    expect(held.lastRun).toMatchObject({
      runId: queued.id,
      status: 'waiting_approval',
      reason: waiting.reason,
    });
    expect(held.lastRun?.endedAt).toBeUndefined();
    expect((await runMails(owner.person.email, 1)).map((m) => m.subject)).toEqual([
      'Digest: waiting for your approval',
    ]);
    const approved = await owner.person.api.post(`/automations/${made.id}/runs/${queued.id}/approval`, {
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    const run = await settled(owner.person, made.id, queued.id);
    expect(run).toMatchObject({ status: 'succeeded', toolCalls: 1 });
    expect(run.pendingApproval).toBeUndefined();
    const messages = await messagesOf(owner.person, run.conversationId ?? '');
    expect(messages.at(-1)?.content).toContain('Tool toggle-simulated-logging said');
  });

  it('runs an approved tool unattended; a cancelled pause ends the run, and a second decision is refused', async () => {
    const owner = await runner('run-cancel', true);
    const approvedTool = await automation(owner, {
      goal: 'Toggle [[tool:toggle-simulated-logging {}]]',
      approvedTools: ['everything__toggle-simulated-logging'],
    });
    const unattended = await settled(
      owner.person,
      approvedTool.id,
      (await runNow(owner.person, approvedTool.id)).id,
    );
    expect(unattended).toMatchObject({ status: 'succeeded', toolCalls: 1 });

    const made = await automation(owner, { goal: 'Toggle [[tool:toggle-simulated-logging {}]]' });
    const queued = await runNow(owner.person, made.id);
    expect((await settled(owner.person, made.id, queued.id)).status).toBe('waiting_approval');
    const path = `/automations/${made.id}/runs/${queued.id}/approval`;
    const cancelled = await owner.person.api.post(path, { decision: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(automationRunSchema.parse(cancelled.body)).toMatchObject({ status: 'cancelled', toolCalls: 0 });
    const again = await owner.person.api.post(path, { decision: 'approve' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AUTOMATION_MESSAGES.notWaiting);
    expect((await owner.person.api.post(path, { decision: 'maybe' })).status).toBe(400);
  });

  it('stops a run that repeats an identical call, and one past its tool-call or token budget', async () => {
    const owner = await runner('run-budget', true);
    const call = '[[tool:echo {"message":"again"}]]';
    const looping = await automation(owner, { goal: `Loop ${call} ${call} ${call} ${call}` });
    const loop = await settled(owner.person, looping.id, (await runNow(owner.person, looping.id)).id);
    expect(loop).toMatchObject({
      status: 'stopped',
      reason: AUTOMATION_MESSAGES.stoppedLoop('echo'),
      toolCalls: 2,
    });

    const capped = await automation(owner, {
      goal: 'Two [[tool:echo {"message":"a"}]] [[tool:echo {"message":"b"}]]',
      budget: { maxTokens: 50_000, maxToolCalls: 1, maxMinutes: 5 },
    });
    const tools = await settled(owner.person, capped.id, (await runNow(owner.person, capped.id)).id);
    expect(tools).toMatchObject({
      status: 'stopped',
      reason: AUTOMATION_MESSAGES.stoppedToolCalls(1),
      toolCalls: 1,
    });
  });

  it('stops at the token ceiling', async () => {
    const owner = await runner('run-tokens');
    const made = await automation(owner, {
      mode: 'direct',
      goal: 'Talk [[long:400]]',
      budget: { maxTokens: 100, maxToolCalls: 0, maxMinutes: 5 },
    });
    const run = await settled(owner.person, made.id, (await runNow(owner.person, made.id)).id);
    expect(run).toMatchObject({ status: 'stopped', reason: AUTOMATION_MESSAGES.stoppedTokens(100) });
    const stopped = automationSchema.parse((await owner.person.api.get(`/automations/${made.id}`)).body);
    expect(stopped.lastRun).toMatchObject({ runId: run.id, status: 'stopped', reason: run.reason });
  });

  it(`pauses an automation after ${AUTOMATION_FAILURES_BEFORE_PAUSE} failed runs, and holds a Free plan to its runs a day`, async () => {
    const owner = await runner('run-failing');
    const failing = await automation(owner, {
      mode: 'direct',
      goal: 'Fail [[error:500]]',
      notify: 'failure',
    });
    for (let n = 0; n < AUTOMATION_FAILURES_BEFORE_PAUSE; n++) {
      const run = await settled(owner.person, failing.id, (await runNow(owner.person, failing.id)).id);
      expect(run.status).toBe('failed');
      expect(run.reason).toMatch(/^Failed: /);
    }
    const paused = automationSchema.parse((await owner.person.api.get(`/automations/${failing.id}`)).body);
    expect(paused).toMatchObject({ enabled: false, pausedReason: AUTOMATION_MESSAGES.pausedAfterFailures });
    const refused = await owner.person.api.post(`/automations/${failing.id}/run`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(AUTOMATION_MESSAGES.paused);
    expect(await runMails(owner.person.email, AUTOMATION_FAILURES_BEFORE_PAUSE)).toHaveLength(
      AUTOMATION_FAILURES_BEFORE_PAUSE,
    );

    const { runsPerDay } = AUTOMATION_LIMITS.free;
    const ok = await automation(owner, { mode: 'direct', goal: 'Hi' });
    for (let n = AUTOMATION_FAILURES_BEFORE_PAUSE; n < runsPerDay; n++) {
      await settled(owner.person, ok.id, (await runNow(owner.person, ok.id)).id);
    }
    const over = await owner.person.api.post(`/automations/${ok.id}/run`);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(AUTOMATION_MESSAGES.runsPerDayReached(runsPerDay));
  });

  it('lets a team’s Admin run its automation and refuses its Users', async () => {
    const admin = await runner('run-admin');
    const user = await helpers.person('run-user');
    const { teamId } = await helpers.createTeam(admin.person, 'Runners');
    await helpers.join(user, teamId, admin.person);
    const made = await automation(admin, {
      mode: 'direct',
      goal: 'Hi',
      teamId,
    });
    const refused = await user.api.post(`/automations/${made.id}/run`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AUTOMATION_MESSAGES.adminsOnly);
    const queued = await runNow(admin.person, made.id);
    // Users read the team's runs; its conversation is written by the Admin it acts for.
    const run = await settled(user, made.id, queued.id);
    expect(run.status).toBe('succeeded');
    expect((await messagesOf(admin.person, run.conversationId ?? '')).at(-1)?.content).toBe('Echo: Hi');
  });
});
