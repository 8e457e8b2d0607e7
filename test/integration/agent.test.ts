import {
  AGENT_STREAM_PATHS,
  type AgentPlan,
  GOAL_TOO_LONG,
  MAX_GOAL_LENGTH,
  type PlanMode,
  type StreamEvent,
} from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

type User = { api: Api; idToken: string; provider: string };
const MODEL = 'llama3.2:latest';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: User;
let bob: User;
let serverId: string;

async function signUp(): Promise<User> {
  const { idToken } = await signUpAndSignIn();
  const api = apiAs(stack.apiUrl, idToken);
  const key = await api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  return { api, idToken, provider: `custom:${key.body.id as string}` };
}

async function newConversation(user: User): Promise<string> {
  const now = Date.now();
  const { body } = await user.api.post('/conversations', {
    title: 'Agent',
    name: 'Agent',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: user.provider, defaultModel: MODEL },
  });
  return body.id as string;
}

const streamUrl = (path: string, params: Record<string, string>) =>
  `${stack.apiUrl}/api${path}?${new URLSearchParams(params)}`;

async function events(user: User, path: string, params: Record<string, string>): Promise<StreamEvent[]> {
  return (await collect(readStream(streamUrl(path, params), user.idToken))).map((received) => received.event);
}

/** A stream answered before it started: its status and JSON body. */
async function refused(user: User, path: string, params: Record<string, string>) {
  const response = await fetch(streamUrl(path, params), {
    headers: { Authorization: `Bearer ${user.idToken}` },
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

/** The goal saved as the user's message (the plan stream names it by id: no text in a URL). */
async function saveGoal(user: User, conversationId: string, goal: string): Promise<string> {
  const { status, body } = await user.api.post('/messages', {
    conversationId,
    content: goal,
    role: 'user',
    provider: user.provider,
    model: MODEL,
  });
  if (status !== 201) throw new Error(`Saving the goal failed: ${status}`);
  return (body as { id: string }).id;
}

/** Plans `goal` in `mode` in a new conversation; the plan from the stream's `plan` event. */
async function plan(user: User, mode: PlanMode, goal: string, extra: Record<string, string> = {}) {
  const conversationId = await newConversation(user);
  const received = await events(user, AGENT_STREAM_PATHS.plan, {
    conversationId,
    serverId,
    mode,
    goalMessageId: await saveGoal(user, conversationId, goal),
    provider: user.provider,
    model: MODEL,
    ...extra,
  });
  const planned = received.find((event) => event.type === 'plan');
  return { conversationId, events: received, plan: planned?.type === 'plan' ? planned.plan : undefined };
}

const stepPath = (plan: AgentPlan, stepId: string) =>
  `/conversations/${plan.conversationId}/plans/${plan.id}/steps/${stepId}`;

/** Confirms a step and runs it to its end; the stream's events. */
async function confirmAndRun(user: User, current: AgentPlan, stepId: string) {
  expect((await user.api.post(`${stepPath(current, stepId)}/confirm`)).status).toBe(200);
  return events(user, AGENT_STREAM_PATHS.execute, {
    conversationId: current.conversationId,
    planId: current.id,
    stepId,
  });
}

const current = async (user: User, planned: AgentPlan) =>
  (await user.api.get(`/conversations/${planned.conversationId}/plans/${planned.id}`))
    .body as unknown as AgentPlan;

const types = (received: StreamEvent[]) => received.map((event) => event.type);

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  alice = await signUp();
  bob = await signUp();
  const created = await alice.api.post('/mcp-servers', {
    name: 'Everything',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 5,
    environmentVariables: [],
  });
  serverId = created.body.id as string;
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('agent plans on the local stack', () => {
  it('MCP Server: plans a tool call, runs it only once confirmed, exactly as edited, with no model', async () => {
    const { plan: planned, events: planning, conversationId } = await plan(alice, 'mcp', 'Say hello');
    expect(types(planning)).toEqual(expect.arrayContaining(['status', 'plan', 'end']));
    expect(planned).toMatchObject({
      mode: 'mcp',
      status: 'pending',
      goal: 'Say hello',
      steps: [
        {
          id: 's1',
          tool: 'echo',
          arguments: { message: 'Say hello' },
          status: 'pending',
          requiresConfirmation: true,
        },
      ],
    });
    if (!planned) throw new Error('no plan');

    const run = { conversationId, planId: planned.id, stepId: 's1' };
    expect(await refused(alice, AGENT_STREAM_PATHS.execute, run)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: 'This step needs your confirmation first.' }),
    });
    const badEdit = await alice.api.patch(stepPath(planned, 's1'), { arguments: { message: 42 } });
    expect(badEdit).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('/message must be string') },
    });
    const edited = await alice.api.patch(stepPath(planned, 's1'), { arguments: { message: 'edited hello' } });
    expect(edited.body).toMatchObject({ steps: [{ arguments: { message: 'edited hello' } }] });

    const requestsBefore = models.requests.length;
    const executed = await confirmAndRun(alice, planned, 's1');
    expect(models.requests.length).toBe(requestsBefore); // no model in the loop
    expect(types(executed)).toEqual(
      expect.arrayContaining(['status', 'plan_step', 'tool_call', 'tool_execution_success', 'end']),
    );
    const stepEvents = executed.filter((event) => event.type === 'plan_step');
    expect(stepEvents.map((event) => event.type === 'plan_step' && event.status)).toEqual([
      'in_progress',
      'completed',
    ]);
    const done = await current(alice, planned);
    expect(done).toMatchObject({
      status: 'completed',
      steps: [{ status: 'completed', confirmedBy: expect.any(String) }],
    });
    expect(done.steps[0]?.output).toContain('edited hello');

    // The history tells the story: the goal, the plan, the step's output with its tool call.
    const { body } = await alice.api.get(`/conversations/${conversationId}/messages`);
    const messages = body.messages as {
      role: string;
      content: string;
      agentStep?: unknown;
      toolCalls?: unknown[];
    }[];
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(messages[1]?.content).toContain('**Plan**');
    expect(messages[2]).toMatchObject({
      agentStep: { planId: planned.id, stepId: 's1', index: 1 },
      toolCalls: [{ name: 'echo', status: 'success' }],
    });
  });

  it('refuses a plan that names an unknown tool or arguments off its schema, with a clear message', async () => {
    const unknown = await plan(
      alice,
      'mcp',
      'Clean up [[plan:{"steps":[{"description":"Wipe","tool":"wipe_disk","arguments":{}}]}]]',
    );
    expect(unknown.plan).toBeUndefined();
    expect(unknown.events.at(-1)).toEqual({
      type: 'error',
      message: 'The plan was refused: step 1 uses an unknown tool: wipe_disk.',
    });
    const offSchema = await plan(
      alice,
      'mcp',
      'Echo [[plan:{"steps":[{"description":"Echo","tool":"echo","arguments":{"message":7}}]}]]',
    );
    expect(offSchema.events.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining(
        'The plan was refused: step 1: The arguments for echo do not match its input',
      ),
    });
    const { body } = await alice.api.get(`/conversations/${unknown.conversationId}/plans`);
    expect(body.plans).toEqual([]);
  });

  it('Single Agent: runs each step as a tool loop that sees the earlier outputs, across requests (a reload)', async () => {
    const { plan: planned } = await plan(alice, 'single_agent', 'Plan a trip');
    if (!planned) throw new Error('no plan');
    expect(planned.steps.map((step) => step.description)).toEqual([
      'Understand: Plan a trip',
      'Answer: Plan a trip',
    ]);

    const first = await confirmAndRun(alice, planned, 's1');
    expect(first.filter((event) => event.type === 'message_delta').length).toBeGreaterThan(1);
    // A new request (a reload, another Lambda) finds the plan where it was and continues it.
    const between = await current(alice, planned);
    expect(between).toMatchObject({
      status: 'in_progress',
      steps: [{ status: 'completed' }, { status: 'pending' }],
    });
    expect(between.steps[0]?.output).toBe('Echo: Understand: Plan a trip');

    await confirmAndRun(alice, planned, 's2');
    const lastRequest = models.requests.at(-1);
    expect(JSON.stringify(lastRequest?.body)).toContain('Echo: Understand: Plan a trip');
    expect(await current(alice, planned)).toMatchObject({
      status: 'completed',
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
  });

  it("keeps a plan's replies on its branch: the planning reply answers the goal, each step follows the plan", async () => {
    const { plan: planned, conversationId } = await plan(alice, 'single_agent', 'Plan a picnic');
    if (!planned?.messageId) throw new Error('no plan, or no planning reply named');
    const shown = async () =>
      (await alice.api.get(`/conversations/${conversationId}/messages`)).body.messages as {
        id: string;
        parentId: string | null;
        content: string;
      }[];
    const [goal, planning] = await shown();
    expect(planning).toMatchObject({ id: planned.messageId, parentId: goal?.id });

    // An edit of the goal while the plan waits makes a newer message on another branch.
    await alice.api.post('/messages', {
      conversationId,
      content: 'Plan a hike',
      role: 'user',
      parentId: null,
      provider: alice.provider,
      model: MODEL,
    });
    await confirmAndRun(alice, planned, 's1');
    const after = await current(alice, planned);
    const stepReply = after.steps[0]?.messageId;
    // The step's reply continues the plan, not the newer edit: back on the plan's branch it is there.
    expect(
      (await alice.api.put(`/conversations/${conversationId}/branch`, { messageId: stepReply })).status,
    ).toBe(204);
    expect((await shown()).map((message) => [message.id, message.parentId])).toEqual([
      [goal?.id, null],
      [planned.messageId, goal?.id],
      [stepReply, planned.messageId],
    ]);
  });

  it('Multi Agent: runs independent steps in parallel, then the synthesis over their outputs', async () => {
    const { plan: planned } = await plan(alice, 'multi_agent', 'Compare two databases');
    if (!planned) throw new Error('no plan');
    expect(planned.steps.map((step) => [step.id, step.role, step.dependsOn])).toEqual([
      ['s1', 'researcher', []],
      ['s2', 'writer', []],
      ['s3', 'synthesizer', ['s1', 's2']],
    ]);
    const [one, two] = await Promise.all([
      confirmAndRun(alice, planned, 's1'),
      confirmAndRun(alice, planned, 's2'),
    ]);
    expect(one.at(-1)?.type).toBe('end');
    expect(two.at(-1)?.type).toBe('end');
    await confirmAndRun(alice, planned, 's3');
    const done = await current(alice, planned);
    expect(done.status).toBe('completed');
    expect(JSON.stringify(models.requests.at(-1)?.body)).toContain('Echo: Research: Compare two databases');
  });

  it('Generic Agent: re-plans after a step and stops when the goal is met', async () => {
    const { plan: planned } = await plan(
      alice,
      'generic_agent',
      'Write a haiku [[replan:{"done":true,"reason":"The haiku is written"}]]',
    );
    if (!planned) throw new Error('no plan');
    expect(planned.steps).toHaveLength(2);
    const executed = await confirmAndRun(alice, planned, 's1');
    const revised = executed.find((event) => event.type === 'plan');
    expect(revised?.type === 'plan' && revised.plan).toMatchObject({
      status: 'completed',
      steps: [{ id: 's1', status: 'completed' }],
      revisions: [{ afterStepId: 's1', removed: ['Answer: Write a haiku'], reason: 'The haiku is written' }],
    });
    expect(executed.at(-1)?.type).toBe('end');
  });

  it('runs a step once when two requests race for it', async () => {
    const { plan: planned, conversationId } = await plan(alice, 'mcp', 'Race');
    if (!planned) throw new Error('no plan');
    await alice.api.post(`${stepPath(planned, 's1')}/confirm`);
    const run = { conversationId, planId: planned.id, stepId: 's1' };
    const answers = await Promise.all(
      [1, 2].map(() =>
        fetch(streamUrl(AGENT_STREAM_PATHS.execute, run), {
          headers: { Authorization: `Bearer ${alice.idToken}` },
        }).then(async (response) => ({ status: response.status, text: await response.text() })),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { body } = await alice.api.get(`/conversations/${conversationId}/messages`);
    expect((body.messages as { agentStep?: unknown }[]).filter((message) => message.agentStep)).toHaveLength(
      1,
    );
  });

  it('cancels a plan: nothing more runs', async () => {
    const { plan: planned, conversationId } = await plan(alice, 'single_agent', 'Cancel me');
    if (!planned) throw new Error('no plan');
    const cancelled = await alice.api.post(`/conversations/${conversationId}/plans/${planned.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect((await alice.api.post(`${stepPath(planned, 's1')}/confirm`)).body).toMatchObject({
      message: 'This plan is no longer running: start a new one.',
    });
    expect(
      await refused(alice, AGENT_STREAM_PATHS.execute, { conversationId, planId: planned.id, stepId: 's1' }),
    ).toMatchObject({ status: 409 });
  });

  it('stops a running step server-side and keeps its partial output', async () => {
    const { plan: planned, conversationId } = await plan(
      alice,
      'single_agent',
      'Ramble [[long:400]] [[slow:20]]',
    );
    if (!planned) throw new Error('no plan');
    await alice.api.post(`${stepPath(planned, 's1')}/confirm`);
    const stream = readStream(
      streamUrl(AGENT_STREAM_PATHS.execute, { conversationId, planId: planned.id, stepId: 's1' }),
      alice.idToken,
    );
    const seen: StreamEvent[] = [];
    for await (const { event } of stream) {
      seen.push(event);
      if (seen.filter((e) => e.type === 'message_delta').length === 5) {
        const messageId = (seen.find((e) => e.type === 'status') as { messageId: string }).messageId;
        const shownChars = seen
          .filter((e) => e.type === 'message_delta')
          .map((e) => (e as { chunk: string }).chunk)
          .join('').length;
        await alice.api.post(`/conversations/${conversationId}/messages/${messageId}/stop`, { shownChars });
      }
    }
    expect(seen.at(-1)).toMatchObject({ type: 'status', status: 'stopped' });
    const stopped = await current(alice, planned);
    expect(stopped).toMatchObject({
      status: 'error',
      steps: [{ status: 'error', error: 'Stopped by the user.' }, { status: 'pending' }],
    });
    // Exactly what the user had seen when they stopped: five tokens.
    expect(stopped.steps[0]?.output).toBe('w1 w2 w3 w4 w5');
  });

  it("keeps each user's plans to themselves, and refuses agent actions without a server", async () => {
    const { plan: planned, conversationId } = await plan(alice, 'mcp', 'Private');
    if (!planned) throw new Error('no plan');
    const base = `/conversations/${conversationId}/plans`;
    expect((await bob.api.get(base)).status).toBe(404);
    expect((await bob.api.get(`${base}/${planned.id}`)).status).toBe(404);
    expect((await bob.api.post(`${stepPath(planned, 's1')}/confirm`)).status).toBe(404);
    expect((await bob.api.patch(stepPath(planned, 's1'), { description: 'Mine now' })).status).toBe(404);
    expect((await bob.api.post(`${base}/${planned.id}/cancel`)).status).toBe(404);
    expect(
      (await refused(bob, AGENT_STREAM_PATHS.execute, { conversationId, planId: planned.id, stepId: 's1' }))
        .status,
    ).toBe(404);
    expect(
      (
        await refused(bob, AGENT_STREAM_PATHS.plan, {
          conversationId,
          serverId,
          mode: 'mcp',
          goalMessageId: 'm-none',
          provider: bob.provider,
          model: MODEL,
        })
      ).status,
    ).toBe(404);
    const planning = { conversationId, serverId, mode: 'mcp', provider: alice.provider, model: MODEL };
    // The goal is a user message of this conversation, at most MAX_GOAL_LENGTH characters.
    const unknownGoal = await refused(alice, AGENT_STREAM_PATHS.plan, {
      ...planning,
      goalMessageId: 'm-none',
    });
    expect(unknownGoal.status).toBe(404);
    const longGoal = await saveGoal(alice, conversationId, 'x'.repeat(MAX_GOAL_LENGTH + 1));
    expect(await refused(alice, AGENT_STREAM_PATHS.plan, { ...planning, goalMessageId: longGoal })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: GOAL_TOO_LONG }),
    });
    expect(
      await refused(alice, AGENT_STREAM_PATHS.plan, {
        conversationId,
        mode: 'mcp',
        goalMessageId: 'm-none',
        provider: alice.provider,
        model: MODEL,
      }),
    ).toEqual({ status: 400, body: expect.objectContaining({ message: 'No MCP server configured' }) });
  });
});
