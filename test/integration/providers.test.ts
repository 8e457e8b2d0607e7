import { type AddressInfo, createServer } from 'node:net';
import { BedrockClient } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../functions/src/adapters/net/guarded-fetch.js';
import { createBedrockCatalogue } from '../../functions/src/adapters/providers/bedrock-catalogue.js';
import { createModelProvider } from '../../functions/src/adapters/providers/index.js';
import {
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  ProviderError,
  type ProviderId,
} from '../../functions/src/domain/models/model-provider.js';
import {
  BAD_KEY,
  type ModelServer,
  type RecordedRequest,
  startModelServer,
} from '../support/model-server/index.js';

/** As on the local stack: the model server is on 127.0.0.1. */
const localFetch = createGuardedFetch({ allowPrivate: true });

const GOOD_KEY = 'good-key-1234';
const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather of a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

interface Case {
  provider: ProviderId;
  model: string;
  /** The credential the server saw, as the provider's API carries it. */
  credentialOf: (request: RecordedRequest) => string | undefined;
}

const CASES: Case[] = [
  {
    provider: 'bedrock',
    model: 'claude-3-haiku-20240307',
    credentialOf: (r) => r.headers.authorization?.match(/^AWS4-HMAC-SHA256 Credential=([^/]+)\//)?.[1],
  },
  { provider: 'anthropic', model: 'claude-3-haiku-20240307', credentialOf: (r) => r.headers['x-api-key'] },
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    credentialOf: (r) => r.headers.authorization?.slice('Bearer '.length),
  },
  { provider: 'google', model: 'gemini-2.5-flash', credentialOf: (r) => r.headers['x-goog-api-key'] },
  {
    provider: 'mistral',
    model: 'mistral-small-latest',
    credentialOf: (r) => r.headers.authorization?.slice('Bearer '.length),
  },
  {
    provider: 'custom',
    model: 'llama3.2:latest',
    credentialOf: (r) => r.headers.authorization?.slice('Bearer '.length),
  },
];

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The adapter composition/models.ts builds, pointed at the model server. */
function providerFor(provider: ProviderId, key = GOOD_KEY): ModelProvider {
  const bedrock = () =>
    new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: server.url,
      credentials: { accessKeyId: key, secretAccessKey: 'test-secret' },
      maxAttempts: 1,
    });
  const baseUrl = provider === 'bedrock' ? undefined : server.baseUrls[provider];
  return createModelProvider(
    { provider, apiKey: key, baseUrl },
    { bedrock, bedrockCatalogue: catalogueFor(key), fetch: localFetch },
  );
}

/** The platform's live Bedrock catalogue, read from the model server's control plane. */
function catalogueFor(key = GOOD_KEY, allowList?: string[]) {
  const client = () =>
    new BedrockClient({
      region: 'us-east-1',
      endpoint: server.url,
      credentials: { accessKeyId: key, secretAccessKey: 'test-secret' },
      maxAttempts: 1,
    });
  return createBedrockCatalogue({ client, region: 'us-east-1', allowList });
}

/** For the adapters that must never reach Bedrock. */
const noBedrock = {
  bedrock: () => expect.unreachable(),
  bedrockCatalogue: { list: () => expect.unreachable() },
  fetch: localFetch,
};

async function collect(stream: AsyncIterable<ModelStreamEvent>) {
  const events: ModelStreamEvent[] = [];
  let firstDeltaAt: number | undefined;
  for await (const event of stream) {
    if (event.type === 'text-delta') firstDeltaAt ??= performance.now();
    events.push(event);
  }
  const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');
  return { events, text, firstDeltaAt };
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const say = (content: string): Pick<ModelRequest, 'messages'> => ({ messages: [{ role: 'user', content }] });

describe.each(CASES)('$provider adapter against the model server', ({ provider, model, credentialOf }) => {
  it('streams text deltas as they arrive and reports usage in one final finish', async () => {
    const adapter = providerFor(provider);
    const { events, text, firstDeltaAt } = await collect(
      adapter.stream({ model, system: 'Be brief.', ...say('hello there general kenobi [[slow:60]]') }),
    );
    const request = server.requests.at(-1);

    expect(text).toBe('Echo: hello there general kenobi');
    expect(events.filter((e) => e.type === 'text-delta')).toHaveLength(5);
    // Received before the server even wrote the last token: nothing is buffered on the way.
    expect(firstDeltaAt).toBeLessThan(request?.tokenSentAt.at(-1) ?? 0);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'stop',
      usage: { inputTokens: expect.any(Number), outputTokens: 5 },
    });
    expect(events.filter((e) => e.type === 'finish')).toHaveLength(1);
    expect(credentialOf(request as RecordedRequest)).toBe(GOOD_KEY);
    expect(JSON.stringify(request?.body)).toContain('Be brief.');
  });

  it('round-trips a tool call: tool-call event, then the tool result yields the answer', async () => {
    const adapter = providerFor(provider);
    const question = 'Weather in Paris? [[tool:get_weather {"city":"Paris","days":[1,2]}]]';
    const first = await collect(adapter.stream({ model, tools: [WEATHER_TOOL], ...say(question) }));
    const call = first.events.find((e) => e.type === 'tool-call');
    expect(call?.type === 'tool-call' && call.toolCall).toMatchObject({
      id: expect.any(String),
      name: 'get_weather',
      input: { city: 'Paris', days: [1, 2] },
    });
    expect(first.events.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
    if (call?.type !== 'tool-call') return;

    const second = await collect(
      adapter.stream({
        model,
        tools: [WEATHER_TOOL],
        messages: [
          { role: 'user', content: question },
          { role: 'assistant', content: '', toolCalls: [call.toolCall] },
          { role: 'tool', toolCallId: call.toolCall.id, toolName: 'get_weather', content: 'sunny, 21 C' },
        ],
      }),
    );
    expect(second.text).toBe('Tool get_weather said: sunny, 21 C');
    expect(second.events.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
  });

  it('maps a rejected key to auth, without the key in the message', async () => {
    const error = await failureOf(collect(providerFor(provider, BAD_KEY).stream({ model, ...say('hi') })));
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain(BAD_KEY);
  });

  it.each([
    [429, 'rate_limit'],
    [400, 'bad_request'],
    [500, 'unavailable'],
  ] as const)('maps HTTP %i to %s', async (status, kind) => {
    const error = await failureOf(
      collect(providerFor(provider).stream({ model, ...say(`[[error:${status}]]`) })),
    );
    expect(error.kind).toBe(kind);
    expect(error.message).not.toContain(GOOD_KEY);
  });

  it('fails as unavailable when the stream breaks off midway, after the text before it', async () => {
    const deltas: string[] = [];
    const stream = providerFor(provider).stream({ model, ...say('one two three four [[fail-after:2]]') });
    const failure = (async () => {
      for await (const event of stream) if (event.type === 'text-delta') deltas.push(event.text);
    })();
    const error = await failureOf(failure);
    expect(error.kind).toBe('unavailable');
    expect(deltas.join('')).toBe('Echo: one');
  });

  it('maps an unknown model to model_not_found', async () => {
    const error = await failureOf(
      collect(providerFor(provider).stream({ model: 'no-such-model', ...say('hi') })),
    );
    expect(error.kind).toBe('model_not_found');
    expect(error.message).toContain("'no-such-model'");
  });

  it('stops the stream and the HTTP response when the signal aborts', async () => {
    const controller = new AbortController();
    const stream = providerFor(provider).stream({
      model,
      signal: controller.signal,
      ...say('[[long:40]] [[slow:40]]'),
    });
    const deltas: string[] = [];
    const outcome = (async () => {
      for await (const event of stream) {
        if (event.type === 'text-delta') deltas.push(event.text);
        if (deltas.length === 2) controller.abort();
      }
    })();
    await expect(outcome).rejects.toMatchObject({ name: 'AbortError' });
    expect(deltas).toHaveLength(2);
    const request = server.requests.at(-1);
    // The model server is done with the request once it has seen the client leave (no sleep).
    if (request) await server.served(request);
    expect(request?.clientClosedEarly).toBe(true);
    expect(request?.tokenSentAt.length).toBeLessThan(10);
  });

  it('lists its models', async () => {
    const models = await providerFor(provider).listModels();
    expect(models.length).toBeGreaterThan(0);
    if (provider === 'custom') expect(models.map((m) => m.id)).toEqual(['llama3.2:latest', 'qwen2.5:7b']);
    else expect(models.map((m) => m.id)).toContain(model);
    for (const { id, name } of models) expect(id && name).toBeTruthy();
  });

  it('validates good credentials with an authenticated call and rejects bad ones as auth', async () => {
    const before = server.requests.length;
    await providerFor(provider).validate();
    const calls = server.requests.slice(before);
    // Bedrock reads its live catalogue first (two list calls, then cached), then makes the one call.
    const made = provider === 'bedrock' ? calls.filter((call) => call.method === 'POST') : calls;
    expect(made.length).toBe(1);
    expect(credentialOf(made[0] as RecordedRequest)).toBe(GOOD_KEY);

    const error = await failureOf(providerFor(provider, BAD_KEY).validate());
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain(BAD_KEY);
  });
});

describe('provider specifics', () => {
  it('Bedrock maps the product model name to its Bedrock id and speaks HTTP/2', async () => {
    await collect(
      providerFor('bedrock').stream({ model: 'claude-3-haiku-20240307', maxOutputTokens: 50, ...say('hi') }),
    );
    const request = server.requests.at(-1);
    expect(request?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse-stream');
    expect(request?.httpVersion).toBe('2.0');
    expect(request?.body).toMatchObject({ inferenceConfig: { maxTokens: 50 } });
  });

  it('Bedrock validate is a 1-token ConverseStream on the first offered model', async () => {
    await providerFor('bedrock').validate();
    expect(server.requests.at(-1)?.body).toMatchObject({ inferenceConfig: { maxTokens: 1 } });
  });

  it('Bedrock lists the ACTIVE models the account can call, through a profile where one is needed', async () => {
    const models = await providerFor('bedrock').listModels();
    // The retired Claude 3.5 Haiku (LEGACY) is listed by Bedrock and never offered.
    expect(models).toEqual([
      { id: 'claude-3-haiku-20240307', name: 'Claude 3 Haiku' },
      { id: 'claude-haiku-4-5-20251001', name: 'Claude Haiku 4.5' },
    ]);
    await collect(providerFor('bedrock').stream({ model: 'claude-haiku-4-5-20251001', ...say('hi') }));
    expect(server.requests.at(-1)?.path).toBe(
      '/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/converse-stream',
    );
  });

  it('a direct provider lists its own models for the key, read once per key while cached', async () => {
    const listCalls = () =>
      server.requests.filter((request) => request.dialect === 'openai' && request.path === '/v1/models')
        .length;
    const before = listCalls();
    const key = `sk-live-${Date.now()}`;
    // The model server's OpenAI models, ours first in our order with our names.
    expect(await providerFor('openai', key).listModels()).toEqual([
      { id: 'gpt-5-mini', name: 'GPT-5 mini' },
      { id: 'gpt-4.1', name: 'GPT-4.1' },
      { id: 'gpt-4o-mini', name: 'GPT-4o mini' },
    ]);
    await providerFor('openai', key).listModels();
    expect(listCalls() - before).toBe(1);
    await providerFor('openai', `${key}-other`).listModels();
    expect(listCalls() - before).toBe(2);
  });

  it('the Bedrock catalogue keeps to the allow-list and is read once while cached', async () => {
    const catalogue = catalogueFor(GOOD_KEY, ['us.anthropic.claude-haiku-4-5-20251001-v1:0']);
    const lists = () => server.requests.filter((request) => request.method === 'GET').length;
    const before = lists();
    expect((await catalogue.list()).map((entry) => entry.bedrockId)).toEqual([
      'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    ]);
    await catalogue.list();
    expect(lists() - before).toBe(2); // ListFoundationModels and ListInferenceProfiles, once
    const profiles = server.requests.findLast((request) => request.path === '/inference-profiles');
    expect(profiles?.query).toMatchObject({ type: 'SYSTEM_DEFINED' }); // typeEquals, on the wire
  });

  it('OpenAI asks for usage in the stream (stream_options.include_usage)', async () => {
    await collect(providerFor('openai').stream({ model: 'gpt-4o-mini', ...say('hi') }));
    expect(server.requests.at(-1)?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('Custom works without a key and sends no Authorization header', async () => {
    const adapter = createModelProvider(
      { provider: 'custom', baseUrl: `${server.baseUrls.custom}/` },
      noBedrock,
    );
    const { text } = await collect(adapter.stream({ model: 'qwen2.5:7b', ...say('local') }));
    expect(text).toBe('Echo: local');
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('Custom endpoints that are down are unavailable, with the reason', async () => {
    const adapter = createModelProvider(
      { provider: 'custom', baseUrl: `http://127.0.0.1:${await closedPort()}/v1` },
      noBedrock,
    );
    const error = await failureOf(collect(adapter.stream({ model: 'llama3.2', ...say('hi') })));
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Custom is unavailable: connection refused',
    });
    expect((await failureOf(adapter.validate())).kind).toBe('unavailable');
  });

  it('a keyed provider without a key fails as auth before any call', async () => {
    const before = server.requests.length;
    const adapter = createModelProvider({ provider: 'openai', baseUrl: server.baseUrls.openai }, noBedrock);
    const error = await failureOf(collect(adapter.stream({ model: 'gpt-4o-mini', ...say('hi') })));
    expect(error).toMatchObject({ kind: 'auth', message: 'No OpenAI API key is set. Add one in Settings.' });
    expect(server.requests.length).toBe(before);
  });
});
