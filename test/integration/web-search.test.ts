import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_ENDPOINT_MESSAGE } from '../../functions/src/adapters/net/guarded-fetch.js';
import { READ_PAGE_REFUSED } from '../../functions/src/domain/chat/web-search.js';
import { METADATA_RESULT_URL } from '../../scripts/local/web-search/server.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: { api: Api; idToken: string; provider: string };
let bob: Api;
const MODEL = 'llama3.2:latest';

interface StoredReply {
  role: string;
  content: string;
  sources?: { title: string; url: string }[];
  toolCalls?: { name: string; status: string; result?: string; error?: string }[];
}

async function newConversation(webSearch: boolean): Promise<string> {
  const now = Date.now();
  const { body } = await alice.api.post('/conversations', {
    title: 'Search test',
    name: 'Search test',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: alice.provider, defaultModel: MODEL },
    settings: { webSearch },
  });
  return body.id as string;
}

async function ask(conversationId: string, triggerContent: string) {
  const query = new URLSearchParams({
    conversationId,
    provider: alice.provider,
    model: MODEL,
    triggerContent,
  });
  const events = await collect(
    readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, alice.idToken),
  );
  const { body } = await alice.api.get(`/conversations/${conversationId}`);
  const reply = (body.messages as StoredReply[]).findLast((message) => message.role === 'assistant');
  return { end: events.at(-1)?.event as { type: string; sources?: unknown }, reply };
}

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  const a = await signUpAndSignIn();
  const api = apiAs(stack.apiUrl, a.idToken);
  const key = await api.post('/api-keys', {
    provider: 'custom',
    baseUrl: models.baseUrls.custom,
    label: 'Test',
  });
  expect(key.status).toBe(201);
  alice = { api, idToken: a.idToken, provider: `custom:${key.body.id as string}` };
  bob = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('web search in the chat', () => {
  it('with the toggle on, the model searches, reads a result, and the reply keeps its numbered sources', async () => {
    const conversationId = await newConversation(true);
    const page = `${stack.webSearchUrl}/pages/1?q=tides`;
    const { end, reply } = await ask(
      conversationId,
      `When is high tide? [[tool:web_search {"query":"tides"}]] [[tool:read_page {"url":"${page}"}]]`,
    );
    const sources = [1, 2, 3].map((n) => ({
      title: `tides: local result ${n}`,
      url: `${stack.webSearchUrl}/pages/${n}?q=tides`,
    }));
    expect(end).toMatchObject({ type: 'end', sources });
    expect(reply?.sources).toEqual(sources);
    expect(reply?.toolCalls?.map((call) => [call.name, call.status])).toEqual([
      ['web_search', 'success'],
      ['read_page', 'success'],
    ]);
    expect(reply?.toolCalls?.[0]?.result).toContain(`[1] tides: local result 1\n${page}`);
    // The page's text, read through the outbound guard, is what the model answered from.
    expect(reply?.content).toBe(
      `Tool read_page said: [1] tides: local result 1\n${page}\n\ntides\nLocal page 1 about tides: the facts a search would find.`,
    );
  });

  it('a JSON export imported back keeps the sources', async () => {
    const conversationId = await newConversation(true);
    await ask(conversationId, 'Tides? [[tool:web_search {"query":"tides"}]]');
    const exported = (await alice.api.get(`/conversations/${conversationId}`)).body;
    const imported = await alice.api.post('/conversations', {
      title: 'Imported',
      name: 'Imported',
      messages: exported.messages,
      createdAt: exported.createdAt,
      updatedAt: exported.updatedAt,
      metadata: exported.metadata,
    });
    expect(imported.status).toBe(201);
    const { body } = await alice.api.get(`/conversations/${imported.body.id as string}`);
    const reply = (body.messages as StoredReply[]).find((message) => message.role === 'assistant');
    expect(reply?.sources).toHaveLength(3);
    expect(reply?.sources?.[0]?.title).toBe('tides: local result 1');
  });

  it('with the toggle off, the model has no web search', async () => {
    const conversationId = await newConversation(false);
    const { end, reply } = await ask(conversationId, 'Tides? [[tool:web_search {"query":"tides"}]]');
    expect(end.sources).toBeUndefined();
    expect(reply?.sources).toBeUndefined();
    expect(reply?.toolCalls?.[0]).toMatchObject({ name: 'web_search', status: 'error' });
    expect(reply?.toolCalls?.[0]?.error).toContain('Unknown tool: web_search');
  });

  it('a result at the cloud metadata address is refused by the outbound guard', async () => {
    const conversationId = await newConversation(true);
    const { reply } = await ask(
      conversationId,
      `Instance? [[tool:web_search {"query":"metadata"}]] [[tool:read_page {"url":"${METADATA_RESULT_URL}"}]]`,
    );
    expect(reply?.toolCalls?.[0]?.result).toContain(`[4] Instance metadata\n${METADATA_RESULT_URL}`);
    expect(reply?.toolCalls?.[1]).toMatchObject({ name: 'read_page', status: 'error' });
    expect(reply?.toolCalls?.[1]?.error).toContain(BLOCKED_ENDPOINT_MESSAGE);
  });

  it('read_page refuses a URL no search of this reply returned, with an error the model reads (no fetch)', async () => {
    const conversationId = await newConversation(true);
    const notFound = `${stack.webSearchUrl}/pages/9?q=exfiltrate`;
    const { reply } = await ask(
      conversationId,
      `Tides? [[tool:web_search {"query":"tides"}]] [[tool:read_page {"url":"${notFound}"}]]`,
    );
    expect(reply?.toolCalls?.[1]).toMatchObject({ name: 'read_page', status: 'error' });
    expect(reply?.toolCalls?.[1]?.error).toContain(READ_PAGE_REFUSED);
    expect(reply?.content).toBe(`Tool read_page said: ${READ_PAGE_REFUSED}`);
  });

  it('the toggle is the owner’s: turned on in settings, refused on another user’s conversation', async () => {
    const conversationId = await newConversation(false);
    const update = {
      metadata: { defaultProvider: alice.provider, defaultModel: MODEL },
      updatedAt: Date.now(),
      settings: { webSearch: true },
    };
    expect((await bob.put(`/conversations/${conversationId}`, update)).status).toBe(404);
    expect((await alice.api.put(`/conversations/${conversationId}`, update)).status).toBe(200);
    const { body } = await alice.api.get(`/conversations/${conversationId}`);
    expect(body.settings).toEqual({ webSearch: true });
    const bad = await alice.api.put(`/conversations/${conversationId}`, {
      ...update,
      settings: { webSearch: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});
