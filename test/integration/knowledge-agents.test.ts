/**
 * Knowledge in automations and agent modes (issue 33): an automation's `collectionIds` give its
 * runs `search_knowledge` (checked on save: the person must read each, a team's automation takes
 * only the team's; checked again at run time), and the run's answer keeps the passages as its
 * `citations`. A conversation's attached collections give the agent's plan and steps the tool too.
 */
import {
  AGENT_STREAM_PATHS,
  type AgentPlan,
  type AutomationRun,
  automationRunSchema,
  automationSchema,
  KNOWLEDGE_MESSAGES,
  knowledgeCitationsSchema,
  type StreamEvent,
} from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify } from '../support/identity.js';
import { settled as indexed, upload } from '../support/knowledge.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';
import { type Person, teamHelpers } from '../support/teams.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let helpers: ReturnType<typeof teamHelpers>;
const MODEL = 'llama3.2:latest';

const GUIDE = [
  '# Deployment guide',
  '## Rotating credentials',
  'Rotate the signing key every ninety days with the admin command `rotate-keys`.',
  '## Backups',
  'Snapshots of the database are taken nightly and kept for thirty five days.',
].join('\n\n');
const SEARCH = '[[tool:search_knowledge {"query":"rotate signing key"}]]';

interface StoredMessage {
  role: string;
  content: string;
  citations?: unknown;
  toolCalls?: { name: string; status: string; error?: string }[];
}

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

/** A person with the scripted model server as their custom provider. */
async function person(label: string) {
  const someone = await helpers.person(label);
  const key = await someone.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  expect(key.status).toBe(201);
  return { ...someone, provider: `custom:${key.body.id as string}` };
}
type User = Awaited<ReturnType<typeof person>>;

/** A collection of `owner`'s (or of their team) with the guide indexed in it. */
async function guideCollection(owner: Person, teamId?: string) {
  const created = await owner.api.post('/knowledge/collections', {
    name: 'Runbooks',
    ...(teamId ? { teamId } : {}),
  });
  expect(created.status).toBe(201);
  const collectionId = created.body.id as string;
  const file = await upload(owner.api, collectionId, 'guide.md', GUIDE);
  expect((await indexed(owner.api, collectionId, file.id)).status).toBe('ready');
  return { collectionId, fileId: file.id };
}

const automationBody = (owner: User, fields: Record<string, unknown>) => ({
  name: 'Key digest',
  goal: `How often is the key rotated? ${SEARCH}`,
  mode: 'single_agent',
  serverIds: [],
  provider: owner.provider,
  model: MODEL,
  trigger: { type: 'manual' },
  budget: { maxTokens: 50_000, maxToolCalls: 10, maxMinutes: 5 },
  ...fields,
});

/** Runs the automation now and waits for its end; the run and its conversation's answer. */
async function runToEnd(owner: Person, automationId: string) {
  const queued = await owner.api.post(`/automations/${automationId}/run`);
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  const runId = automationRunSchema.parse(queued.body).id;
  const deadline = Date.now() + 60_000;
  let run: AutomationRun;
  for (;;) {
    run = automationRunSchema.parse((await owner.api.get(`/automations/${automationId}/runs/${runId}`)).body);
    if (run.status !== 'queued' && run.status !== 'running') break;
    if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const { body } = await owner.api.get(`/conversations/${run.conversationId ?? ''}/messages`);
  const answer = (body.messages as StoredMessage[]).findLast((message) => message.role === 'assistant');
  return { run, answer };
}

describe('knowledge in automations', { timeout: 120_000 }, () => {
  it("a run's model searches the attached collection; the answer keeps the passage as citation [1]", async () => {
    const ann = await person('ka-ann');
    const { collectionId, fileId } = await guideCollection(ann);
    const created = await ann.api.post(
      '/automations',
      automationBody(ann, { collectionIds: [collectionId] }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const automation = automationSchema.parse(created.body);
    expect(automation.collectionIds).toEqual([collectionId]);
    expect(automationSchema.parse((await ann.api.get(`/automations/${automation.id}`)).body)).toMatchObject({
      collectionIds: [collectionId],
    });

    const { run, answer } = await runToEnd(ann, automation.id);
    expect(run).toMatchObject({ status: 'succeeded', toolCalls: 1 });
    expect(answer?.content).toContain('Tool search_knowledge said: [1] guide.md');
    expect(answer?.content).toContain('ninety days');
    const citations = knowledgeCitationsSchema.parse(answer?.citations);
    expect(citations).toHaveLength(1);
    expect(citations[0]).toMatchObject({ collectionId, fileId, fileName: 'guide.md' });
    expect(citations[0]?.location.section).toContain('Rotating credentials');
  });

  it('saving refuses a collection the automation may not attach; a run skips one no longer readable', async () => {
    const admin = await person('ka-admin');
    const member = await person('ka-member');
    const stranger = await person('ka-stranger');
    const { teamId } = await helpers.createTeam(admin, 'Knowledge automations');
    await helpers.join(member, teamId, admin, 'user');
    const team = await guideCollection(admin, teamId);
    const own = await guideCollection(admin);

    // Someone else's collection: refused on create and on update, as not found.
    const refused = await stranger.api.post(
      '/automations',
      automationBody(stranger, { collectionIds: [own.collectionId] }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(KNOWLEDGE_MESSAGES.notFound);
    const plain = await stranger.api.post('/automations', automationBody(stranger, {}));
    expect(plain.status).toBe(201);
    const update = await stranger.api.put(
      `/automations/${plain.body.id as string}`,
      automationBody(stranger, { collectionIds: [own.collectionId] }),
    );
    expect(update.status).toBe(400);

    // A team's automation takes only the team's collections, not its Admin's own.
    const teamOwn = await admin.api.post(
      '/automations',
      automationBody(admin, { teamId, collectionIds: [own.collectionId] }),
    );
    expect(teamOwn.status).toBe(400);
    const teamTeam = await admin.api.post(
      '/automations',
      automationBody(admin, { teamId, collectionIds: [team.collectionId] }),
    );
    expect(teamTeam.status, JSON.stringify(teamTeam.body)).toBe(201);

    // A member's own automation may attach a collection of a team they belong to ...
    const mine = await member.api.post(
      '/automations',
      automationBody(member, { collectionIds: [team.collectionId] }),
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const before = await runToEnd(member, mine.body.id as string);
    expect(knowledgeCitationsSchema.parse(before.answer?.citations)[0]).toMatchObject({
      collectionId: team.collectionId,
    });

    // ... and once they left the team, a run goes on without it: no tool, nothing of the team's read.
    await helpers.remove(admin, teamId, member);
    const after = await runToEnd(member, mine.body.id as string);
    expect(after.run.status).toBe('succeeded');
    expect(after.answer?.citations).toBeUndefined();
    expect(after.answer?.content).toContain('Unknown tool: search_knowledge');
    expect(after.answer?.content).not.toContain('ninety days');
  });
});

describe('knowledge in agent modes', { timeout: 180_000 }, () => {
  const streamUrl = (path: string, params: Record<string, string>) =>
    `${stack.apiUrl}/api${path}?${new URLSearchParams(params)}`;
  const events = async (user: User, path: string, params: Record<string, string>) =>
    (await collect(readStream(streamUrl(path, params), user.idToken))).map(
      (received) => received.event as StreamEvent,
    );

  it("a plan's step searches the conversation's collections; its reply keeps the citation", async () => {
    const bea = await person('ka-bea');
    const { collectionId, fileId } = await guideCollection(bea);
    const server = await bea.api.post('/mcp-servers', {
      name: 'Everything',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: [],
    });
    expect(server.status).toBe(201);
    const now = Date.now();
    const conversation = await bea.api.post('/conversations', {
      title: 'Agent',
      name: 'Agent',
      messages: [],
      createdAt: now,
      updatedAt: now,
      metadata: { defaultProvider: bea.provider, defaultModel: MODEL },
      settings: { collectionIds: [collectionId] },
    });
    expect(conversation.status).toBe(201);
    const conversationId = conversation.body.id as string;
    const goal = await bea.api.post('/messages', {
      conversationId,
      content: `Key rotation ${SEARCH}`,
      role: 'user',
      provider: bea.provider,
      model: MODEL,
    });
    expect(goal.status).toBe(201);

    const planning = await events(bea, AGENT_STREAM_PATHS.plan, {
      conversationId,
      serverId: server.body.id as string,
      mode: 'single_agent',
      goalMessageId: goal.body.id as string,
      provider: bea.provider,
      model: MODEL,
    });
    const planned = planning.find((event) => event.type === 'plan');
    if (planned?.type !== 'plan') throw new Error(`no plan: ${JSON.stringify(planning.at(-1))}`);
    const plan: AgentPlan = planned.plan;
    // The planner was told of the tool beside the server's.
    const plannerRequest = models.requests.findLast((request) =>
      JSON.stringify(request.body).includes('create_plan'),
    );
    expect(JSON.stringify(plannerRequest?.body)).toContain('search_knowledge');

    const step = `/conversations/${conversationId}/plans/${plan.id}/steps/s1`;
    expect((await bea.api.post(`${step}/confirm`)).status).toBe(200);
    const executed = await events(bea, AGENT_STREAM_PATHS.execute, {
      conversationId,
      planId: plan.id,
      stepId: 's1',
    });
    const end = executed.at(-1) as { type: string; citations?: unknown };
    expect(end.type).toBe('end');
    const citations = knowledgeCitationsSchema.parse(end.citations);
    expect(citations[0]).toMatchObject({ collectionId, fileId, fileName: 'guide.md' });

    const { body } = await bea.api.get(`/conversations/${conversationId}/messages`);
    const reply = (body.messages as (StoredMessage & { agentStep?: unknown })[]).findLast(
      (message) => message.agentStep !== undefined,
    );
    expect(reply?.toolCalls?.map((call) => [call.name, call.status])).toEqual([
      ['search_knowledge', 'success'],
    ]);
    expect(reply?.content).toContain('Tool search_knowledge said: [1] guide.md');
    expect(knowledgeCitationsSchema.parse(reply?.citations)).toEqual(citations);
  });
});
