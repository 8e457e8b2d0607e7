/**
 * Knowledge in the chat (issue 33): a conversation whose settings attach collections offers the
 * model `search_knowledge` over those the caller may read; the passages it returned are saved with
 * the reply as its numbered `citations` (and sent on the stream's end). Settings attaching a
 * collection the caller may not read are refused; one they can no longer read is left out.
 * The platform's models are on (the local Bedrock's Titan embeddings): the chat's search is the
 * routes' hybrid one. 'Use my documents' (`useDocuments`) puts the top passages in the turn.
 */
import {
  conversationSchema,
  KNOWLEDGE_MESSAGES,
  knowledgeCitationsSchema,
  knowledgeSearchResultSchema,
} from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify } from '../support/identity.js';
import { settled, upload } from '../support/knowledge.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';
import { type Person, teamHelpers } from '../support/teams.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let helpers: ReturnType<typeof teamHelpers>;
const MODEL = 'llama3.2:latest';

const GUIDE = [
  '# Deployment guide',
  'This guide explains how the platform is deployed.',
  '## Rotating credentials',
  'Rotate the signing key every ninety days with the admin command `rotate-keys`.',
  '## Backups',
  'Snapshots of the database are taken nightly and kept for thirty five days.',
].join('\n\n');
const ASK = 'How often is the key rotated? [[tool:search_knowledge {"query":"rotate signing key"}]]';

interface StoredReply {
  role: string;
  isLoading?: boolean;
  isError?: boolean;
  content: string;
  citations?: unknown;
  toolCalls?: { name: string; status: string; result?: string; error?: string }[];
}

beforeAll(async () => {
  process.env.LOG_LEVEL = process.env.KB_LOG ?? 'error';
  models = await startModelServer();
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

/** A person with the local model server as their custom provider. */
async function chatter(label: string) {
  const person = await helpers.person(label);
  const key = await person.api.post('/api-keys', {
    provider: 'custom',
    baseUrl: models.baseUrls.custom,
    label: 'Test',
  });
  expect(key.status).toBe(201);
  return { ...person, provider: `custom:${key.body.id as string}` };
}
type Chatter = Awaited<ReturnType<typeof chatter>>;

/** A collection of `owner`'s (or of their team) with the guide indexed in it. */
async function guideCollection(owner: Person, teamId?: string) {
  const created = await owner.api.post('/knowledge/collections', {
    name: 'Runbooks',
    ...(teamId ? { teamId } : {}),
  });
  expect(created.status).toBe(201);
  const collectionId = created.body.id as string;
  const file = await upload(owner.api, collectionId, 'guide.md', GUIDE);
  expect((await settled(owner.api, collectionId, file.id)).status).toBe('ready');
  return { collectionId, fileId: file.id };
}

function newConversation(person: Chatter, collectionIds: string[]) {
  const now = Date.now();
  return person.api.post('/conversations', {
    title: 'Knowledge',
    name: 'Knowledge',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: person.provider, defaultModel: MODEL },
    settings: { collectionIds },
  });
}

async function ask(
  person: Chatter,
  conversationId: string,
  triggerContent: string,
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams({
    conversationId,
    provider: person.provider,
    model: MODEL,
    triggerContent,
    ...extra,
  });
  const events = await collect(
    readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, person.idToken),
  );
  const { body } = await person.api.get(`/conversations/${conversationId}`);
  const reply = (body.messages as StoredReply[]).findLast((message) => message.role === 'assistant');
  return { end: events.at(-1)?.event as { type: string; citations?: unknown }, reply };
}

describe('knowledge in the chat', { timeout: 120_000 }, () => {
  it('the model searches the attached collection; the reply keeps the passage as its citation [1]', async () => {
    const ann = await chatter('kc-ann');
    const { collectionId, fileId } = await guideCollection(ann);
    const created = await newConversation(ann, [collectionId]);
    expect(created.status).toBe(201);
    expect(created.body.settings).toEqual({ collectionIds: [collectionId] });

    const { end, reply } = await ask(ann, created.body.id as string, ASK);
    const citations = knowledgeCitationsSchema.parse(reply?.citations);
    expect(citations.length).toBeGreaterThanOrEqual(1);
    const [first] = citations;
    expect(first).toMatchObject({ collectionId, fileId, fileName: 'guide.md' });
    expect(first?.text).toContain('ninety days');
    expect(first?.location.section).toContain('Rotating credentials');
    expect(end).toMatchObject({ type: 'end', citations });
    expect(reply?.toolCalls?.map((call) => [call.name, call.status])).toEqual([
      ['search_knowledge', 'success'],
    ]);
    // The model read the passage numbered as stored, fenced as data.
    expect(reply?.content).toContain('Tool search_knowledge said: [1] guide.md');
    expect(reply?.content).toContain('<passage>');
    expect(reply?.content).toContain('ninety days');
  });

  it("settings attaching someone else's collection are refused, on create and on update", async () => {
    const owner = await chatter('kc-owner');
    const other = await chatter('kc-other');
    const { collectionId } = await guideCollection(owner);

    const refused = await newConversation(other, [collectionId]);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(KNOWLEDGE_MESSAGES.notFound);

    const mine = await newConversation(other, []);
    expect(mine.status).toBe(201);
    const id = mine.body.id as string;
    const update = await other.api.put(`/conversations/${id}`, {
      metadata: { defaultProvider: other.provider, defaultModel: MODEL },
      updatedAt: Date.now(),
      settings: { collectionIds: [collectionId] },
    });
    expect(update.status).toBe(400);
    const kept = conversationSchema.parse((await other.api.get(`/conversations/${id}`)).body);
    expect(kept.settings?.collectionIds ?? []).toEqual([]);

    // Without the collection, the model has no search_knowledge: nothing of the owner's is read.
    const { end, reply } = await ask(other, id, ASK);
    expect(end.type).toBe('end');
    expect(reply?.citations).toBeUndefined();
    expect(reply?.toolCalls?.[0]).toMatchObject({ name: 'search_knowledge', status: 'error' });
    expect(reply?.toolCalls?.[0]?.error).toContain('Unknown tool: search_knowledge');
    expect(reply?.content).not.toContain('ninety days');
  });

  it("a team's collection is searched by its members; once removed from the team, the chat goes on without it", async () => {
    const admin = await chatter('kc-admin');
    const member = await chatter('kc-member');
    const { teamId } = await helpers.createTeam(admin, 'Knowledge team');
    await helpers.join(member, teamId, admin, 'user');
    const { collectionId } = await guideCollection(admin, teamId);

    const created = await newConversation(member, [collectionId]);
    expect(created.status).toBe(201);
    const conversationId = created.body.id as string;
    const before = await ask(member, conversationId, ASK);
    expect(knowledgeCitationsSchema.parse(before.reply?.citations)[0]).toMatchObject({
      collectionId,
      fileName: 'guide.md',
    });

    await helpers.remove(admin, teamId, member);
    const after = await ask(member, conversationId, ASK);
    expect(after.end.type).toBe('end');
    expect(after.reply).toMatchObject({ isLoading: false });
    expect(after.reply?.isError).toBeUndefined();
    expect(after.reply?.citations).toBeUndefined();
    expect(after.reply?.toolCalls?.[0]?.error).toContain('Unknown tool: search_knowledge');
    expect(after.reply?.content).not.toContain('ninety days');
  });

  it('searches by meaning too (hybrid): the reply cites a passage only the vectors find', async () => {
    const cy = await chatter('kc-cy');
    const { id } = (await cy.api.post('/knowledge/collections', { name: 'Mixed' })).body as { id: string };
    const creds = await upload(
      cy.api,
      id,
      'credentials.md',
      '# Rotating credentials\n\nRotate the signing key every ninety days with the admin command. The old key stays valid for one hour.',
    );
    const trail = await upload(
      cy.api,
      id,
      'trail.md',
      '# Hiking\n\nThe mountain trail climbs through pine forest to a lake, where hikers camp for the night.',
    );
    for (const file of [creds, trail]) expect((await settled(cy.api, id, file.id)).status).toBe('ready');
    // No word of the query is in either file: the keyword index alone finds nothing.
    const routes = await cy.api.post('/knowledge/search', {
      query: 'rotation of signatures',
      collectionIds: [id],
    });
    const { passages } = knowledgeSearchResultSchema.parse(routes.body);
    expect(passages.map((p) => p.matchedBy.join())).not.toContain('keyword');
    expect(passages.length).toBeGreaterThan(0);

    const created = await newConversation(cy, [id]);
    const { end, reply } = await ask(
      cy,
      created.body.id as string,
      'Signatures? [[tool:search_knowledge {"query":"rotation of signatures","limit":1}]]',
    );
    const citations = knowledgeCitationsSchema.parse(reply?.citations);
    expect(citations.map((c) => c.fileName)).toEqual(['credentials.md']);
    expect(end).toMatchObject({ type: 'end', citations });
    expect(reply?.content).toContain('Tool search_knowledge said: [1] credentials.md');
    expect(reply?.content).toContain('ninety days');
  });

  it("'Use my documents' starts the turn from the top passages, numbered as the reply's citations", async () => {
    const dee = await chatter('kc-dee');
    const { collectionId, fileId } = await guideCollection(dee);
    const created = await newConversation(dee, [collectionId]);
    const conversationId = created.body.id as string;
    const question = 'How often is the signing key rotated?';

    const used = await ask(dee, conversationId, question, { useDocuments: 'true' });
    const citations = knowledgeCitationsSchema.parse(used.reply?.citations);
    expect(citations.length).toBeGreaterThanOrEqual(1);
    expect(citations.length).toBeLessThanOrEqual(5);
    expect(citations[0]).toMatchObject({ collectionId, fileId, fileName: 'guide.md' });
    expect(citations.some((c) => c.text.includes('ninety days'))).toBe(true);
    expect(used.end).toMatchObject({ type: 'end', citations });
    expect(used.reply?.toolCalls ?? []).toEqual([]);
    // The local model echoes its user turn: the passages, numbered and fenced, before the question.
    expect(used.reply?.content).toContain("Echo: Passages from the user's documents");
    expect(used.reply?.content).toContain('[1] guide.md');
    expect(used.reply?.content).toContain('ninety days');
    expect(used.reply?.content).toContain(question);

    // Per message: the next one without it is the question alone.
    const plain = await ask(dee, conversationId, question);
    expect(plain.reply?.content).toBe(`Echo: ${question}`);
    expect(plain.reply?.citations).toBeUndefined();

    // A conversation with no collections: the choice changes nothing.
    const bare = await newConversation(dee, []);
    const none = await ask(dee, bare.body.id as string, question, { useDocuments: 'true' });
    expect(none.reply?.content).toBe(`Echo: ${question}`);
    // Anything but 'true' is refused by the contract.
    const refused = await fetch(
      `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams({
        conversationId,
        provider: dee.provider,
        model: MODEL,
        useDocuments: 'yes',
      })}`,
      { headers: { Authorization: `Bearer ${dee.idToken}` } },
    );
    expect(refused.status).toBe(400);
  });
});
