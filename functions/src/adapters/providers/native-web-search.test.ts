/**
 * The providers' own web search through the real adapters (the AI SDK packages), over HTTP, against
 * the model server answering in each API's wire format: the request carries the provider's tool,
 * and its results come back as `source` events and `citation`s of the text that cites them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModelServer, startModelServer } from '../../../../test/support/model-server/index.js';
import { NATIVE_SEARCH_HOST } from '../../../../test/support/model-server/native-search.js';
import type { ModelStreamEvent } from '../../domain/models/model-provider.js';
import { createGuardedFetch } from '../net/guarded-fetch.js';
import { createDirectProvider, type DirectProviderId } from './direct-providers.js';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.stop();
});

const MODELS = {
  anthropic: 'claude-sonnet-4-5-20250929',
  google: 'gemini-2.5-flash',
  openai: 'gpt-4o-mini',
} as const;

async function searchWith(id: keyof typeof MODELS, webSearch: boolean) {
  const provider = createDirectProvider(id as DirectProviderId, {
    apiKey: 'good-key',
    baseUrl: server.baseUrls[id],
    fetch: createGuardedFetch({ allowPrivate: true }),
  });
  const events: ModelStreamEvent[] = [];
  for await (const event of provider.stream({
    model: MODELS[id],
    messages: [{ role: 'user', content: 'What about tides? [[search:tides]]' }],
    maxOutputTokens: 200,
    webSearch,
  })) {
    events.push(event);
  }
  const last = server.requests.at(-1);
  const request = last?.body as { tools?: unknown[] };
  return { events, tools: request.tools, request: { path: last?.path, body: last?.body } };
}

const result = (n: number) => ({ url: `${NATIVE_SEARCH_HOST}/tides/${n}`, title: `tides: web result ${n}` });
const text = (events: ModelStreamEvent[]) =>
  events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');

describe("the providers' own web search", () => {
  it('Anthropic: the web_search server tool; its results are sources, a cited block is followed by its citation', async () => {
    const { events, tools } = await searchWith('anthropic', true);
    expect(tools).toEqual([{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }]);
    // No tool call for the loop to run: the search ran on the provider's side.
    expect(events.some((event) => event.type === 'tool-call')).toBe(false);
    expect(events.filter((event) => event.type !== 'text-delta' && event.type !== 'finish')).toEqual([
      { type: 'source', source: result(1) },
      { type: 'source', source: result(2) },
      // The citations_delta's own source part, then the block's citation (with the passage cited).
      { type: 'source', source: result(1) },
      { type: 'citation', sources: [{ ...result(1), quote: 'Result 1 on tides says so.' }] },
      { type: 'source', source: result(2) },
      { type: 'citation', sources: [{ ...result(2), quote: 'Result 2 on tides says so.' }] },
    ]);
    expect(text(events)).toBe(
      'I searched the web for tides. Result 1 on tides says so. And Result 2 on tides says so.',
    );
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
  });

  it('Google: grounding with Google Search; its chunks are sources, each with the segment it supports', async () => {
    const { events, tools } = await searchWith('google', true);
    expect(tools).toEqual([{ googleSearch: {} }]);
    expect(events.filter((event) => event.type !== 'text-delta' && event.type !== 'finish')).toEqual([
      { type: 'source', source: result(1) },
      { type: 'source', source: result(2) },
      { type: 'source', source: { ...result(1), quote: 'Result 1 on tides says so.' } },
      { type: 'source', source: { ...result(2), quote: 'Result 2 on tides says so.' } },
    ]);
    expect(text(events)).toBe(
      'I searched the web for tides. Result 1 on tides says so. And Result 2 on tides says so.',
    );
  });

  it("OpenAI: the Responses API's web_search tool; its url_citations are sources, each with the sentence before its link", async () => {
    const { events, tools, request } = await searchWith('openai', true);
    expect(request.path).toBe('/v1/responses');
    expect(tools).toEqual([{ type: 'web_search' }]);
    // Not kept on OpenAI's side (Chat Completions keeps nothing either); the pages searched asked for.
    expect(request.body).toMatchObject({ store: false, include: ['web_search_call.action.sources'] });
    expect(events.some((event) => event.type === 'tool-call')).toBe(false);
    expect(events.filter((event) => event.type !== 'text-delta' && event.type !== 'finish')).toEqual([
      { type: 'source', source: result(1) },
      { type: 'source', source: result(2) },
      {
        type: 'citation',
        sources: [
          { ...result(1), quote: 'Result 1 on tides says so.' },
          { ...result(2), quote: 'And Result 2 on tides says so.' },
        ],
      },
    ]);
    const link = (n: number) => ` ([search-results.example.com](${NATIVE_SEARCH_HOST}/tides/${n}))`;
    expect(text(events)).toBe(
      `I searched the web for tides. Result 1 on tides says so.${link(1)} And Result 2 on tides says so.${link(2)}`,
    );
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop', usage: { outputTokens: 4 } });
  });

  it('without web search the request has no search tool and the model does not search', async () => {
    for (const id of ['anthropic', 'google', 'openai'] as const) {
      const { events, tools } = await searchWith(id, false);
      expect(tools).toBeUndefined();
      expect(events.some((event) => event.type === 'source' || event.type === 'citation')).toBe(false);
    }
    // OpenAI stays on Chat Completions when the turn does not search.
    expect(server.requests.at(-1)?.path).toBe('/v1/chat/completions');
  });
});
