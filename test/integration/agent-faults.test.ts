/**
 * Fault injection for the agent (the "Faults" issue): the local stack in a child process,
 * SIGKILLed while a plan step runs (mid-tool-call: an MCP Server step whose tool sleeps; mid-agent-
 * step: a Single Agent step streaming from a model) and started again on the same
 * data. Each test says the state before and after (the step's reply, the plan step, the day's token
 * counters) and that Retry runs the step exactly once, however many ask at once.
 */
import {
  AGENT_STREAM_PATHS,
  type AgentPlan,
  CHAT_MESSAGES,
  type Message,
  type StreamEvent,
} from '@agentforge/shared';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { faultState, newUser, until } from '../support/fault-state.js';
import { configureAmplify } from '../support/identity.js';
import { killableStack, type StackInfo } from '../support/killable-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

/**
 * The user's own key to the model server (a Custom endpoint): a planner's prompt with a server's
 * tools is past the Free plan's per-request limit on the platform's models. Not metered, so no
 * reservation: a killed chat reply's reservation is faults.test.ts's (the same runReply).
 */
const MODEL = 'llama3.2:latest';
/** server-everything's tool that sleeps `duration` seconds. */
const SLEEP_TOOL = 'trigger-long-running-operation';

let models: ModelServer;
let stack: Awaited<ReturnType<typeof killableStack>>;
let info: StackInfo;
let db: DynamoDBDocumentClient;

beforeAll(async () => {
  models = await startModelServer();
  stack = await killableStack({
    // The sweep runs on the reaper's timer: every second here, every minute on AWS.
    reaperIntervalMs: 1_000,
    env: platformModelsEnv(models.url),
  });
  info = await stack.start();
  configureAmplify(info.runtimeConfig);
  db = createDocumentClient({ region: 'us-east-1', endpoint: info.dynamodb.endpoint });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

const state = () => faultState(db, info.dynamodb.tableNames);
type User = Awaited<ReturnType<typeof newUser>>;

const streamUrl = (path: string, params: Record<string, string>) =>
  `${info.apiUrl}/api${path}?${new URLSearchParams(params)}`;

/** A user with server-everything, and a plan for `goal` in a new conversation. */
async function planned(mode: 'mcp' | 'single_agent', goal: string) {
  const user = await newUser(info.apiUrl);
  const key = await user.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const choice = { provider: `custom:${key.body.id as string}`, model: MODEL };
  const server = await user.api.post('/mcp-servers', {
    name: 'Everything',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 5,
    environmentVariables: [],
  });
  const serverId = server.body.id as string;
  const now = Date.now();
  const conversation = await user.api.post('/conversations', {
    title: 'Agent faults',
    name: 'Agent faults',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: choice.provider, defaultModel: choice.model },
  });
  const conversationId = conversation.body.id as string;
  // The goal is saved first and planned by its id (user text never travels in a URL).
  const saved = await user.api.post('/messages', { conversationId, content: goal, role: 'user', ...choice });
  const goalMessageId = saved.body.id as string;
  const events = await collect(
    readStream(
      streamUrl(AGENT_STREAM_PATHS.plan, { conversationId, serverId, mode, goalMessageId, ...choice }),
      user.idToken,
    ),
  );
  const found = events.find(({ event }) => event.type === 'plan')?.event;
  if (found?.type !== 'plan') throw new Error(`no plan: ${JSON.stringify(events.at(-1))}`);
  return { user, plan: found.plan, conversationId };
}

const planPath = (plan: AgentPlan) => `/conversations/${plan.conversationId}/plans/${plan.id}`;
const readPlan = async (user: User, plan: AgentPlan) =>
  (await user.api.get(planPath(plan))).body as unknown as AgentPlan;
const messagesOf = async (user: User, conversationId: string) =>
  (await user.api.get(`/conversations/${conversationId}/messages`)).body.messages as Message[];
const stepReplies = (messages: Message[], stepId: string) =>
  messages.filter((message) => message.agentStep?.stepId === stepId);

/** Confirms step s1 and streams it until `enough` says the kill may come; the reply's id. */
async function runUntil(user: User, plan: AgentPlan, enough: (seen: StreamEvent[]) => boolean) {
  await user.api.post(`${planPath(plan)}/steps/s1/confirm`);
  const seen: StreamEvent[] = [];
  let messageId = '';
  const query = { conversationId: plan.conversationId, planId: plan.id, stepId: 's1' };
  for await (const { event } of readStream(streamUrl(AGENT_STREAM_PATHS.execute, query), user.idToken)) {
    seen.push(event);
    if (event.type === 'status' && event.messageId) messageId = event.messageId;
    if (enough(seen)) break;
  }
  return { messageId, seen };
}

/**
 * Two Retry requests at once (two tabs, a double click): one runs the step to its end, the other
 * is refused before anything streams. The statuses and the winner's last event.
 */
async function retryTwice(user: User, plan: AgentPlan) {
  const query = { conversationId: plan.conversationId, planId: plan.id, stepId: 's1' };
  const url = streamUrl(AGENT_STREAM_PATHS.execute, query);
  const responses = await Promise.all(
    [0, 1].map(() => fetch(url, { headers: { Authorization: `Bearer ${user.idToken}` } })),
  );
  const statuses = responses.map((response) => response.status).sort();
  await Promise.all(responses.map((response) => response.text()));
  return statuses;
}

describe('a stack killed while a plan step runs', () => {
  it('mid-tool-call: the call ends as interrupted, the step is interrupted, Retry runs it exactly once', async () => {
    const steps = [{ description: 'Wait', tool: SLEEP_TOOL, arguments: { duration: 6, steps: 6 } }];
    const { user, plan, conversationId } = await planned('mcp', `Wait [[plan:${JSON.stringify({ steps })}]]`);
    const { messageId } = await runUntil(user, plan, (seen) => seen.some((e) => e.type === 'tool_call'));
    // A save (once a second) records the call in flight before the kill.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const dayBefore = await state().dayCounters(user.userId);
    await stack.kill();
    info = await stack.start();

    const before = await state().storedMessage(conversationId, messageId);
    expect(before).toMatchObject({
      status: 'streaming',
      toolCalls: [{ name: SLEEP_TOOL, status: 'calling' }],
    });

    const interrupted = await until(
      'the step to read as interrupted',
      () => readPlan(user, plan),
      (read) => read.steps[0]?.status === 'interrupted',
    );
    expect(interrupted.status).toBe('in_progress'); // still open: resumable
    const [reply] = stepReplies(await messagesOf(user, conversationId), 's1');
    expect(reply).toMatchObject({
      id: messageId,
      isError: true,
      isLoading: false,
      toolCalls: [{ name: SLEEP_TOOL, status: 'error', error: CHAT_MESSAGES.replyInterrupted }],
    });
    // The sweep writes it too (the plan as stored, not only as read).
    await until(
      'the sweep to end the reply',
      () => state().storedMessage(conversationId, messageId),
      (record) => record?.status === 'error',
    );

    expect(await retryTwice(user, plan)).toEqual([200, 409]);
    const after = await readPlan(user, plan);
    expect(after).toMatchObject({ status: 'completed', steps: [{ status: 'completed' }] });
    expect(after.steps[0]?.output).toContain('Long running operation completed');
    const replies = stepReplies(await messagesOf(user, conversationId), 's1');
    expect(replies.map((m) => [m.isError ?? false, m.toolCalls?.[0]?.status])).toEqual([
      [true, 'error'],
      [false, 'success'],
    ]);
    const dayAfter = await state().dayCounters(user.userId);
    expect(dayAfter).toEqual(dayBefore); // an MCP Server step calls no model: no tokens either way
    console.info(
      `kill mid-tool-call: step replies before 1 (calling), after ${replies.length} (1 interrupted, 1 retried); ` +
        `retries run 1 of 2; tokens before committed ${dayBefore.committed} used ${dayBefore.used}, ` +
        `after committed ${dayAfter.committed} used ${dayAfter.used}`,
    );
  }, 300_000);

  it('mid-agent-step: the reply keeps its text, the sweep interrupts the step on the stored plan, Retry runs it once', async () => {
    const { user, plan, conversationId } = await planned('single_agent', 'Tell [[long:40]] [[slow:200]]');
    const { messageId, seen } = await runUntil(
      user,
      plan,
      (events) => events.filter((e) => e.type === 'message_delta').length >= 10,
    );
    await stack.kill();
    const shown = seen.flatMap((e) => (e.type === 'message_delta' ? [e.chunk] : [])).join('');
    info = await stack.start();

    const before = await state().storedMessage(conversationId, messageId);
    const dayBefore = await state().dayCounters(user.userId);
    const kept = before?.content ?? '';
    expect(shown.startsWith(kept)).toBe(true);
    expect(before?.status).toBe('streaming');
    expect(Object.keys(before?.reservations ?? {})).toHaveLength(0); // the user's own key: not metered
    const stored = await until(
      'the sweep to interrupt the step',
      async () => (await state().storedMessage(conversationId, messageId))?.status,
      (status) => status === 'error',
    );
    expect(stored).toBe('error');
    // The sweep marked the step on the plan as stored, not only in the reader's view.
    const storedPlan = await until(
      'the sweep to mark the plan step',
      () => state().storedPlan(conversationId, plan.id),
      (found) => found?.steps[0]?.status === 'interrupted',
    );
    expect(storedPlan?.steps.map((step) => step.status)).toEqual(['interrupted', 'pending']);
    const interrupted = await readPlan(user, plan);
    expect(interrupted).toMatchObject({
      status: 'in_progress',
      steps: [{ status: 'interrupted' }, { status: 'pending' }],
    });
    const modelCallsBefore = models.requests.length;
    expect(await retryTwice(user, plan)).toEqual([200, 409]);
    const modelCalls = models.requests.length - modelCallsBefore;
    expect(modelCalls).toBe(1); // one run of the step, one model call
    const after = await readPlan(user, plan);
    expect(after.steps.map((step) => step.status)).toEqual(['completed', 'pending']);
    const replies = stepReplies(await messagesOf(user, conversationId), 's1');
    expect(replies.map((m) => m.isError ?? false)).toEqual([true, false]);
    expect(replies[0]?.content).toBe(`${kept}\n\n${CHAT_MESSAGES.replyInterrupted}`);
    // The plan's usage grows by the retry's run (the dead run booked nothing).
    expect(after.usage.outputTokens).toBeGreaterThan(interrupted.usage.outputTokens);
    const dayAfter = await state().dayCounters(user.userId);
    expect(dayAfter).toEqual(dayBefore);
    console.info(
      `kill mid-agent-step: shown ${shown.trim().split(/\s+/).length} words, kept ${kept.trim().split(/\s+/).length}; ` +
        `step replies after ${replies.length} (1 interrupted, 1 retried), retries run 1 of 2, ${modelCalls} model call; plan tokens ` +
        `before ${JSON.stringify(interrupted.usage)}, after ${JSON.stringify(after.usage)}; day counters unchanged ` +
        `(committed ${dayAfter.committed} used ${dayAfter.used})`,
    );
  }, 300_000);
});
