import { AGENT_STREAM_PATHS, type AgentPlan, type StreamEvent } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeToPro } from '../support/pro-plan.js';
import { collect, readStream } from '../support/sse.js';
import { APP, startTwoServers, type TwoServers } from '../support/two-servers.js';

/**
 * Agent plans over several MCP servers (issue 30 item 3; docs/decisions/mcp-servers.md, "Several
 * servers in one chat"), on the local stack: two sandboxed server-everything processes, both with
 * `echo`, planned over by their namespaced names; each step runs on its own server, and the plan's
 * server limit counts each hosted server as the chat does.
 */
const MODEL = 'llama3.2:latest';

let setup: TwoServers | undefined;
let stack: TwoServers['stack'];
let alice: TwoServers['alice'];
let provider: string;
let alpha: string;
let beta: string;

beforeAll(async () => {
  setup = await startTwoServers();
  ({ stack, alice, provider, alpha, beta } = setup);
}, 300_000);

afterAll(() => setup?.stop());

const streamUrl = (path: string, params: Record<string, string>) =>
  `${stack.apiUrl}/api${path}?${new URLSearchParams(params)}`;

async function events(path: string, params: Record<string, string>): Promise<StreamEvent[]> {
  return (await collect(readStream(streamUrl(path, params), alice.idToken))).map(({ event }) => event);
}

/** Plans `goal` (MCP Server mode) over both servers in a new conversation. */
async function planOverBoth(goal: string) {
  const now = Date.now();
  const conversation = await alice.api.post('/conversations', {
    title: 'Agent over two servers',
    name: 'Agent over two servers',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: provider, defaultModel: MODEL },
  });
  const conversationId = conversation.body.id as string;
  const saved = await alice.api.post('/messages', {
    conversationId,
    content: goal,
    role: 'user',
    provider,
    model: MODEL,
  });
  const received = await events(AGENT_STREAM_PATHS.plan, {
    conversationId,
    serverIds: `${alpha},${beta}`,
    mode: 'mcp',
    goalMessageId: saved.body.id as string,
    provider,
    model: MODEL,
  });
  const planned = received.find((event) => event.type === 'plan');
  if (planned?.type !== 'plan') throw new Error(`no plan: ${JSON.stringify(received.at(-1))}`);
  return { events: received, plan: planned.plan };
}

type SavedMessage = {
  content: string;
  agentStep?: { stepId: string };
  toolCalls?: { name: string; status: string; serverId?: string; serverName?: string; result?: unknown }[];
};

async function stepMessage(plan: AgentPlan, stepId: string): Promise<SavedMessage | undefined> {
  const { body } = await alice.api.get(`/conversations/${plan.conversationId}/messages`);
  return (body.messages as SavedMessage[]).find((message) => message.agentStep?.stepId === stepId);
}

async function confirmAndRun(plan: AgentPlan, stepId: string): Promise<StreamEvent[]> {
  const path = `/conversations/${plan.conversationId}/plans/${plan.id}/steps/${stepId}`;
  expect((await alice.api.post(`${path}/confirm`)).status).toBe(200);
  return events(AGENT_STREAM_PATHS.execute, { conversationId: plan.conversationId, planId: plan.id, stepId });
}

const echoStep = (server: 'alpha' | 'beta', message: string) => ({
  description: `Echo on ${server}`,
  tool: `${server}_tools__echo`,
  arguments: { message },
});

describe('agent plans over several servers', () => {
  it('counts each hosted server against the plan: on Free the second is refused, and the plan says so', async () => {
    // Alpha runs first, so the plan's one slot is its.
    expect((await alice.api.post(`/mcp-servers/${alpha}/enable`)).status).toBe(200);
    const { events: planning, plan } = await planOverBoth(
      `Say hello [[plan:${JSON.stringify({ steps: [echoStep('alpha', 'hello')] })}]]`,
    );
    const starting = planning.filter((event) => event.type === 'status' && event.status === 'connecting');
    expect(starting.map((event) => (event as { server?: string }).server)).toContain('Beta Tools');
    expect(planning.at(-1)).toMatchObject({ type: 'end' });
    // The planner saw Alpha's tools by the names a plan over two servers gives them.
    expect(plan).toMatchObject({ serverIds: [alpha, beta], steps: [{ tool: 'alpha_tools__echo' }] });
    const { body } = await alice.api.get(`/conversations/${plan.conversationId}/messages`);
    const summary = (body.messages as SavedMessage[]).at(-1)?.content;
    expect(summary).toMatch(/^Server 'Beta Tools' is unavailable: .*at most 1 server at a time/);
    expect(summary).toContain('**Plan**');
  }, 240_000);

  it('plans over both servers’ namespaced tools and runs each step on its own server', async () => {
    await subscribeToPro(alice.api, APP);
    const steps = [
      echoStep('alpha', 'from alpha'),
      echoStep('beta', 'from beta'),
      echoStep('alpha', 'again'),
    ];
    const { plan } = await planOverBoth(`Echo twice [[plan:${JSON.stringify({ steps })}]]`);
    expect(plan.serverIds).toEqual([alpha, beta]);
    expect(plan.steps.map((step) => step.tool)).toEqual([
      'alpha_tools__echo',
      'beta_tools__echo',
      'alpha_tools__echo',
    ]);

    for (const [stepId, server, name, said] of [
      ['s1', alpha, 'Alpha Tools', 'from alpha'],
      ['s2', beta, 'Beta Tools', 'from beta'],
    ] as const) {
      const ran = await confirmAndRun(plan, stepId);
      expect(ran.at(-1)).toMatchObject({ type: 'end' });
      expect((await stepMessage(plan, stepId))?.toolCalls).toEqual([
        expect.objectContaining({
          status: 'success',
          serverId: server,
          serverName: name,
          result: expect.stringContaining(said),
        }),
      ]);
    }
    // Both ran at once on Pro, each counted on its own.
    for (const id of [alpha, beta]) {
      expect((await alice.api.get(`/mcp-servers/${id}`)).body).toMatchObject({
        status: 'enabled',
        healthStatus: 'running',
      });
    }

    // Beta turned off: Alpha's step still finds its tool under the plan's name, and the step says why Beta is missing.
    expect((await alice.api.post(`/mcp-servers/${beta}/disable`)).status).toBe(200);
    const last = await confirmAndRun(plan, 's3');
    expect(last.at(-1)).toMatchObject({ type: 'end' });
    const message = await stepMessage(plan, 's3');
    expect(message?.toolCalls).toEqual([
      expect.objectContaining({ name: 'alpha_tools__echo', status: 'success', serverId: alpha }),
    ]);
    expect(message?.content).toMatch(/^Server 'Beta Tools' is unavailable: /);
    const done = (await alice.api.get(`/conversations/${plan.conversationId}/plans/${plan.id}`)).body;
    expect(done).toMatchObject({ status: 'completed' });
  }, 300_000);
});
