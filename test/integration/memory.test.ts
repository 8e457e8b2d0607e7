/**
 * Memory (issue 31 item 4) on the local stack: the caller's own facts through the users API (limits
 * with clear errors), and the model's request (Bedrock, pointed at the model server) carrying them
 * in the system prompt only when memory is on, and in a team's space only where its Admin allows it.
 */
import { MAX_MEMORY_FACTS, MEMORY_MESSAGES, type MemoryFact } from '@agentforge/shared';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';
import { type Person, teamHelpers } from '../support/teams.js';

const PLATFORM = { provider: 'anthropic', model: 'claude-3-haiku-20240307' };

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let teams: ReturnType<typeof teamHelpers>;
let alice: Person;
let lastConversationId = '';

beforeAll(async () => {
  models = await startModelServer();
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  teams = teamHelpers(stack);
  alice = await teams.person('memory');
  // Pro: the Free day's tokens would not last the replies.
  const db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
  await db.send(
    new PutCommand({
      TableName: process.env.TABLE_BILLING,
      Item: { userId: alice.userId, tier: 'pro', status: 'active' },
    }),
  );
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

/** A reply in a new chat (in `teamId`'s space if given): the system prompt of its model request. */
async function systemOfReply(teamId?: string, content = 'Hello'): Promise<string> {
  const now = Date.now();
  const created = await alice.api.post('/conversations', {
    messages: [{ id: 'first', conversationId: 'new', role: 'user', content, timestamp: now }],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: PLATFORM.provider, defaultModel: PLATFORM.model },
    ...(teamId ? { teamId } : {}),
  });
  expect(created.status).toBe(201);
  const before = models.requests.length;
  const query = new URLSearchParams({ conversationId: created.body.id as string, ...PLATFORM });
  const events = await collect(
    readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, alice.idToken),
  );
  expect(events.map((e) => e.event.type)).toContain('end');
  // The reply's call (the title's call comes after it).
  const call = models.requests.slice(before).find((r) => r.dialect === 'bedrock' && r.method === 'POST');
  lastConversationId = created.body.id as string;
  const system = (call?.body as { system?: { text?: string }[] } | undefined)?.system ?? [];
  return system.map((block) => block.text ?? '').join('\n');
}

describe('memory', () => {
  it('is off with no facts until the user adds some and turns it on', async () => {
    expect((await alice.api.get('/users/memory')).body).toEqual({ enabled: false, facts: [] });
  });

  it('adds, edits and deletes the caller’s facts, newest first, with clear errors', async () => {
    const first = await alice.api.post('/users/memory/facts', { text: '  I prefer TypeScript.  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ text: 'I prefer TypeScript.' });
    const second = await alice.api.post('/users/memory/facts', { text: 'My name is Ada.' });
    const { body } = await alice.api.get('/users/memory');
    expect((body.facts as MemoryFact[]).map((f) => f.text)).toEqual([
      'My name is Ada.',
      'I prefer TypeScript.',
    ]);

    const edited = await alice.api.put(`/users/memory/facts/${second.body.factId}`, { text: 'Call me Ada.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ factId: second.body.factId, text: 'Call me Ada.' });

    const empty = await alice.api.post('/users/memory/facts', { text: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(MEMORY_MESSAGES.factEmpty);
    const long = await alice.api.post('/users/memory/facts', { text: 'x'.repeat(301) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(MEMORY_MESSAGES.factTooLong);
    expect((await alice.api.put('/users/memory/facts/nope', { text: 'x' })).status).toBe(404);
    expect((await alice.api.del('/users/memory/facts/nope')).status).toBe(404);

    expect((await alice.api.del(`/users/memory/facts/${second.body.factId}`)).status).toBe(204);
    const after = await alice.api.get('/users/memory');
    expect((after.body.facts as MemoryFact[]).map((f) => f.text)).toEqual(['I prefer TypeScript.']);
  });

  it(`holds at most ${MAX_MEMORY_FACTS} facts: the next is refused and nothing is lost`, async () => {
    const bob = await teams.person('memory-full');
    for (let i = 0; i < MAX_MEMORY_FACTS; i++) {
      expect((await bob.api.post('/users/memory/facts', { text: `Fact ${i}` })).status).toBe(201);
    }
    const refused = await bob.api.post('/users/memory/facts', { text: 'One too many' });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(MEMORY_MESSAGES.tooManyFacts);
    expect((await bob.api.get('/users/memory')).body.facts).toHaveLength(MAX_MEMORY_FACTS);
  });

  it("puts the facts in the model's system prompt only while memory is on", async () => {
    expect(await systemOfReply()).not.toContain('I prefer TypeScript.');
    const on = await alice.api.put('/users/memory', { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.enabled).toBe(true);
    expect(await systemOfReply()).toContain('- I prefer TypeScript.');
    await alice.api.put('/users/memory', { enabled: false });
    expect(await systemOfReply()).not.toContain('I prefer TypeScript.');
  });

  it("leaves memory out in a team's space until the team's Admin allows it", async () => {
    await alice.api.put('/users/memory', { enabled: true });
    const team = await teams.createTeam(alice, 'Memory team');
    expect((await alice.api.get(`/teams/${team.teamId}/memory`)).body).toEqual({ allowed: false });
    expect(await systemOfReply(team.teamId)).not.toContain('I prefer TypeScript.');

    expect((await alice.api.put(`/teams/${team.teamId}/memory`, { allowed: true })).body).toEqual({
      allowed: true,
    });
    expect(await systemOfReply(team.teamId)).toContain('- I prefer TypeScript.');
  });

  it('offers a remember tool while memory is on: its call is a proposal on the reply, nothing saved', async () => {
    await alice.api.put('/users/memory', { enabled: true });
    await systemOfReply(
      undefined,
      'Remember I live in Lisbon [[tool:remember {"fact":"I live in Lisbon."}]]',
    );
    const { body } = await alice.api.get(`/conversations/${lastConversationId}/messages`);
    const reply = (body.messages as { role: string; toolCalls?: unknown[] }[]).findLast(
      (message) => message.role === 'assistant',
    );
    expect(reply?.toolCalls).toEqual([
      expect.objectContaining({ name: 'remember', status: 'success', input: { fact: 'I live in Lisbon.' } }),
    ]);
    const memory = await alice.api.get('/users/memory');
    expect((memory.body.facts as MemoryFact[]).map((f) => f.text)).not.toContain('I live in Lisbon.');
  });

  it('keeps Save or Dismiss with the reply: the proposal reads as decided after a reload, for its owner only', async () => {
    await alice.api.put('/users/memory', { enabled: true });
    await systemOfReply(undefined, 'Remember I like tea [[tool:remember {"fact":"I like tea."}]]');
    const replyOf = async () => {
      const { body } = await alice.api.get(`/conversations/${lastConversationId}/messages`);
      return (
        body.messages as {
          id: string;
          role: string;
          toolCalls?: { id: string }[];
          memoryDecisions?: unknown;
        }[]
      ).findLast((message) => message.role === 'assistant');
    };
    const reply = await replyOf();
    const callId = reply?.toolCalls?.[0]?.id ?? '';
    expect(reply?.memoryDecisions).toBeUndefined();
    const decide = (person: Person, decision: unknown, call = callId) =>
      person.api.put(
        `/conversations/${lastConversationId}/messages/${reply?.id}/memory-proposals/${encodeURIComponent(call)}`,
        { decision },
      );

    expect((await decide(alice, 'dismissed')).status).toBe(204);
    expect((await replyOf())?.memoryDecisions).toEqual({ [callId]: 'dismissed' });
    // Nothing saved, and the decision can be changed (Save after all).
    expect(
      ((await alice.api.get('/users/memory')).body.facts as MemoryFact[]).map((f) => f.text),
    ).not.toContain('I like tea.');
    expect((await decide(alice, 'saved')).status).toBe(204);
    expect((await replyOf())?.memoryDecisions).toEqual({ [callId]: 'saved' });

    // A bad decision, a call that is no proposal, and another user's request change nothing.
    expect((await decide(alice, 'maybe')).status).toBe(400);
    expect((await decide(alice, 'saved', 'no-such-call')).status).toBe(404);
    const bob = await teams.person('memory-bob');
    expect((await decide(bob, 'dismissed')).status).toBe(404);
    expect((await replyOf())?.memoryDecisions).toEqual({ [callId]: 'saved' });
  });
});
