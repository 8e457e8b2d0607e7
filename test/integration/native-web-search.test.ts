/**
 * Web search with the providers' own tools (docs/decisions/chat.md, "Web search: the providers'
 * own tools"): with the toggle on, an Anthropic, OpenAI or Google chat's request carries the provider's
 * search tool (not the operator's `web_search`), and the pages it cites are saved with the reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { NATIVE_SEARCH_HOST } from '../support/model-server/native-search.js';
import { collect, readStream } from '../support/sse.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: { api: Api; idToken: string };
const link = (n: number) => ` ([search-results.example.com](${NATIVE_SEARCH_HOST}/tides/${n}))`;

const CASES = [
  {
    provider: 'anthropic',
    model: 'claude-sonnet-4-5-20250929',
    apiKey: 'sk-ant-test-key',
    toolsOf: (body: { tools?: unknown[] }) => body.tools,
    searchTool: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }],
    // Anthropic says which passage each block cites: its numbers follow the text.
    content:
      'I searched the web for tides. Result 1 on tides says so. [1] And Result 2 on tides says so. [2]',
  },
  {
    provider: 'google',
    model: 'gemini-2.5-flash',
    apiKey: 'AIza-test-key',
    toolsOf: (body: { tools?: unknown[] }) => body.tools,
    searchTool: [{ googleSearch: {} }],
    // Google's supports name the segments after they streamed: the passages are kept on the sources.
    content: 'I searched the web for tides. Result 1 on tides says so. And Result 2 on tides says so.',
  },
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    apiKey: 'sk-test-key',
    // A search turn goes to the Responses API (its `web_search` tool), not Chat Completions.
    path: '/v1/responses',
    toolsOf: (body: { tools?: unknown[] }) => body.tools,
    searchTool: [{ type: 'web_search' }],
    // OpenAI links each page inline after the passage (its url_citation spans the link); the message's
    // citations come at its end, so the numbers follow the text; the passage is the sentence before a link.
    content: `I searched the web for tides. Result 1 on tides says so.${link(1)} And Result 2 on tides says so.${link(2)} [1][2]`,
    quotes: ['Result 1 on tides says so.', 'And Result 2 on tides says so.'],
  },
] as const;

interface StoredReply {
  role: string;
  content: string;
  sources?: { title: string; url: string; quote?: string }[];
  toolCalls?: unknown[];
}

async function ask(provider: string, model: string, webSearch: boolean, triggerContent: string) {
  const now = Date.now();
  const created = await alice.api.post('/conversations', {
    title: 'Native search',
    name: 'Native search',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: provider, defaultModel: model },
    settings: { webSearch },
  });
  const conversationId = created.body.id as string;
  const query = new URLSearchParams({ conversationId, provider, model, triggerContent });
  const sent = models.requests.length;
  const events = await collect(
    readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, alice.idToken),
  );
  const { body } = await alice.api.get(`/conversations/${conversationId}`);
  const reply = (body.messages as StoredReply[]).findLast((message) => message.role === 'assistant');
  const post = models.requests.slice(sent).find((r) => r.method === 'POST');
  const request = post?.body as { tools?: unknown[] };
  return {
    end: events.at(-1)?.event as { type: string; sources?: unknown },
    reply,
    request,
    path: post?.path,
  };
}

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  const a = await signUpAndSignIn();
  alice = { api: apiAs(stack.apiUrl, a.idToken), idToken: a.idToken };
  for (const { provider, apiKey } of CASES) {
    const key = await alice.api.post('/api-keys', { provider, apiKey, baseUrl: models.baseUrls[provider] });
    expect(key.status).toBe(201);
  }
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe.each(CASES)("web search with $provider's own tool", (c) => {
  it('the request carries the provider’s search tool, and the pages it cites are saved with the reply', async () => {
    const { end, reply, request, path } = await ask(
      c.provider,
      c.model,
      true,
      'When is high tide? [[search:tides]]',
    );
    expect(c.toolsOf(request)).toEqual(c.searchTool);
    if ('path' in c) expect(path).toBe(c.path);
    const sources = [1, 2].map((n) => ({
      title: `tides: web result ${n}`,
      url: `${NATIVE_SEARCH_HOST}/tides/${n}`,
      quote: 'quotes' in c ? c.quotes[n - 1] : `Result ${n} on tides says so.`,
    }));
    expect(reply?.sources).toEqual(sources);
    expect(end).toMatchObject({ type: 'end', sources });
    expect(reply?.content).toBe(c.content);
    // The search ran on the provider's side: no tool call of ours.
    expect(reply?.toolCalls ?? []).toEqual([]);
  });

  it('with the toggle off, the request has no search tool and the reply no sources', async () => {
    const { reply, request, path } = await ask(
      c.provider,
      c.model,
      false,
      'When is high tide? [[search:tides]]',
    );
    expect(c.toolsOf(request)).toBeUndefined();
    if (c.provider === 'openai') expect(path).toBe('/v1/chat/completions');
    expect(reply?.sources).toBeUndefined();
    expect(reply?.content).toBe('Echo: When is high tide?');
  });
});
