/**
 * OpenAI's web search turns go through the Responses API (direct-providers.ts): everything else a
 * chat turn does must keep working there too. Through the real @ai-sdk/openai client against the
 * model server's `/v1/responses`: function tools (an MCP tool beside the search) and their results,
 * images, usage, errors and Stop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModelServer, startModelServer } from '../../../../test/support/model-server/index.js';
import type { ModelRequest, ModelStreamEvent } from '../../domain/models/model-provider.js';
import { ProviderError } from '../../domain/models/model-provider.js';
import { createGuardedFetch } from '../net/guarded-fetch.js';
import { createDirectProvider } from './direct-providers.js';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.stop();
});

const openai = (apiKey = 'good-key') =>
  createDirectProvider('openai', {
    apiKey,
    baseUrl: server.baseUrls.openai,
    fetch: createGuardedFetch({ allowPrivate: true }),
  });

async function run(request: Partial<ModelRequest> & Pick<ModelRequest, 'messages'>, apiKey?: string) {
  const events: ModelStreamEvent[] = [];
  for await (const event of openai(apiKey).stream({ model: 'gpt-4o-mini', webSearch: true, ...request })) {
    events.push(event);
  }
  const last = server.requests.at(-1);
  return { events, path: last?.path, body: last?.body as { input: unknown[]; tools?: unknown[] } };
}

const lookup = {
  name: 'alpha__lookup',
  description: 'Looks a word up',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } } },
};
const text = (events: ModelStreamEvent[]) =>
  events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');

describe('an OpenAI web search turn (the Responses API)', () => {
  it('offers the MCP tools beside the search, and its calls come back as ours to run', async () => {
    const ask = 'Define tide [[tool:alpha__lookup {"word":"tide"}]]';
    const { events, path, body } = await run({ messages: [{ role: 'user', content: ask }], tools: [lookup] });
    expect(path).toBe('/v1/responses');
    expect(body.tools).toEqual([
      {
        type: 'function',
        name: 'alpha__lookup',
        description: 'Looks a word up',
        parameters: lookup.inputSchema,
      },
      { type: 'web_search' },
    ]);
    const call = events.find((event) => event.type === 'tool-call');
    expect(call).toMatchObject({ toolCall: { name: 'alpha__lookup', input: { word: 'tide' } } });
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });

    // The next step sends the call and its result back as Responses input items.
    const id = call?.type === 'tool-call' ? call.toolCall.id : '';
    const next = await run({
      tools: [lookup],
      messages: [
        { role: 'user', content: ask },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id, name: 'alpha__lookup', input: { word: 'tide' } }],
        },
        { role: 'tool', toolCallId: id, toolName: 'alpha__lookup', content: 'the sea rising' },
      ],
    });
    expect(next.body.input.slice(1)).toEqual([
      { type: 'function_call', call_id: id, name: 'alpha__lookup', arguments: '{"word":"tide"}' },
      { type: 'function_call_output', call_id: id, output: 'the sea rising' },
    ]);
    expect(text(next.events)).toBe('Tool alpha__lookup said: the sea rising');
    expect(next.events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
  });

  it('sends images as input_image, streams the text and counts the usage', async () => {
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const { events, body } = await run({
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', mediaType: 'image/png', data: png },
          ],
        },
      ],
    });
    expect(body.input).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is this?' },
          { type: 'input_image', image_url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` },
        ],
      },
    ]);
    expect(text(events)).toBe('Echo: What is this?');
    const finish = events.at(-1);
    expect(finish).toMatchObject({ type: 'finish', reason: 'stop', usage: { outputTokens: 4 } });
    expect(finish?.type === 'finish' && finish.usage.inputTokens).toBeGreaterThan(0);
  });

  it("maps OpenAI's errors (a rejected key, an unknown model) as on Chat Completions", async () => {
    const messages = [{ role: 'user' as const, content: 'Hello' }];
    await expect(run({ messages }, 'bad-key')).rejects.toMatchObject({ kind: 'auth' });
    await expect(run({ messages, model: 'gpt-nope' })).rejects.toBeInstanceOf(ProviderError);
    await expect(run({ messages, model: 'gpt-nope' })).rejects.toMatchObject({ kind: 'model_not_found' });
  });

  it('Stop aborts the response mid-stream with the caller’s own reason', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const seen: string[] = [];
    const stream = openai().stream({
      model: 'gpt-4o-mini',
      webSearch: true,
      messages: [{ role: 'user', content: 'Go on [[long:200]] [[slow:20]]' }],
      signal: controller.signal,
    });
    await expect(
      (async () => {
        for await (const event of stream) {
          if (event.type === 'text-delta') seen.push(event.text);
          if (seen.length === 3) controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    expect(seen.length).toBeLessThan(200);
  });
});
