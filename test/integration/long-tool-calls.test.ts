import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type ToolCallRun, toolCallRunSchema } from '@agentforge/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalRunner, type LocalRunner } from '../../functions/src/adapters/mcp-runner/local-runner.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { type ReceivedEvent, readStream } from '../support/sse.js';

/**
 * Long MCP tool calls (docs/decisions/mcp-servers.md, "AWS first use: long tool calls"). The
 * gateway's long poll is shortened to 1.5 s (MCP_CALL_WAIT_MS), so a tool of a few seconds already
 * spans many requests, as a tool of minutes does against the real 20 s.
 */
const SLOW_TOOL = `file:${join(import.meta.dirname, '../fixtures/mcp/slow-tool')}`;
const EVERYTHING = '@modelcontextprotocol/server-everything';
const LONG_TOOL = 'trigger-long-running-operation';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let runner: LocalRunner;
let alice: { api: Api; idToken: string };
let serverId: string;
let provider: string;

/** Every request the process sends (the stream function and the gateway run in it): seen, not changed. */
const sent: { method: string; url: string }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  process.env.MCP_CALL_WAIT_MS = '1500';
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ method: init?.method ?? (input instanceof Request ? input.method : 'GET'), url });
    return realFetch(input, init);
  });
  models = await startModelServer();
  stack = await startTestStack({ web: false, reaperIntervalMs: 500 });
  configureAmplify(stack.runtimeConfig);
  const { idToken } = await signUpAndSignIn();
  alice = { api: apiAs(stack.apiUrl, idToken), idToken };
  const key = await alice.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  provider = `custom:${key.body.id as string}`;
  const { body } = await alice.api.post('/mcp-servers', {
    name: 'Everything',
    packageName: EVERYTHING,
    idleTimeoutMinutes: 5,
  });
  serverId = body.id as string;
  runner = createLocalRunner({ dataDir: stack.dataDir, exitGraceMs: 1500, allowLocalPackages: true });
}, 300_000);

afterEach(() => {
  delete process.env.MAX_TOOL_CALL_SECONDS;
});

afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.MCP_CALL_WAIT_MS;
  await runner?.stopAll('test over');
  await stack?.stop();
  await models?.stop();
});

/** A chat turn whose model calls `tool` with `input` on Alice's server; `onEvent` sees each event. */
async function chatCallingTool(
  tool: string,
  input: Record<string, unknown>,
  onEvent: (
    event: ReceivedEvent['event'],
    ids: { conversationId: string; messageId: string },
  ) => Promise<void> = async () => undefined,
) {
  const now = Date.now();
  const { body: conversation } = await alice.api.post('/conversations', {
    title: 'Long tools',
    name: 'Long tools',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  const ids = { conversationId: conversation.id as string, messageId: '' };
  const query = new URLSearchParams({
    conversationId: ids.conversationId,
    provider,
    model: 'llama3.2:latest',
    mcpServerId: serverId,
    triggerContent: `Run it [[tool:${tool} ${JSON.stringify(input)}]]`,
  });
  const events: ReceivedEvent['event'][] = [];
  for await (const { event } of readStream(
    `${stack.apiUrl}/api/messages/generate-stream?${query}`,
    alice.idToken,
  )) {
    events.push(event);
    if (event.type === 'status' && event.messageId) ids.messageId = event.messageId;
    await onEvent(event, ids);
  }
  const { body } = await alice.api.get(`/conversations/${ids.conversationId}`);
  const saved = (
    body.messages as { role: string; isLoading?: boolean; isError?: boolean; toolCalls?: unknown[] }[]
  ).find((message) => message.role === 'assistant');
  return { events, saved, ids };
}

const progressOf = (events: ReceivedEvent['event'][]) =>
  events.flatMap((event) => (event.type === 'tool_call' && event.progress ? [event.progress] : []));

describe('a tool call longer than one request, through the gateway', () => {
  it('completes across many requests, its progress relayed to the chat, the reply never taken for dead', async () => {
    const before = sent.length;
    // 18 s: past one request's budget many times over, and past the reply's 15 s lease (the reaper
    // sweeps every 0.5 s here): the reply is still saved as it runs, so it is never interrupted.
    const { events, saved } = await chatCallingTool(LONG_TOOL, { duration: 18, steps: 6 });

    // The last report may be overtaken by the result (the SDK handles a response before a notification).
    expect(progressOf(events).slice(0, 5)).toEqual(
      [1, 2, 3, 4, 5].map((progress) => ({ progress, total: 6 })),
    );
    const result = events.find((event) => event.type === 'tool_result');
    expect(result).toMatchObject({
      result: 'Long running operation completed. Duration: 18 seconds, Steps: 6.',
    });
    expect(events.at(-1)?.type).toBe('end');
    expect(saved?.toolCalls).toEqual([expect.objectContaining({ name: LONG_TOOL, status: 'success' })]);
    expect(saved?.toolCalls?.[0]).not.toHaveProperty('progress');

    const reads = sent
      .slice(before)
      .filter(
        (request) =>
          request.method === 'GET' && /\/mcp-gateway\/[^/]+\/calls\/[^/?]+\?after=/.test(request.url),
      );
    expect(reads.length).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('answers a short call in one round trip', async () => {
    const before = sent.length;
    const { events } = await chatCallingTool('echo', { message: 'quick' });
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ result: 'Echo: quick' });
    const calls = sent.slice(before).filter((request) => /\/mcp-gateway\/[^/]+\/calls/.test(request.url));
    expect(calls.map((request) => request.method)).toEqual(['POST']);
  }, 60_000);

  it('cancels the call on the server when the user presses Stop', async () => {
    const before = sent.length;
    let stopped = false;
    const { events, saved } = await chatCallingTool(
      LONG_TOOL,
      { duration: 120, steps: 120 },
      async (event, ids) => {
        if (event.type === 'tool_call' && event.progress && !stopped) {
          stopped = true;
          const stop = await alice.api.post(
            `/conversations/${ids.conversationId}/messages/${ids.messageId}/stop`,
          );
          expect(stop.status).toBe(204);
        }
      },
    );
    expect(stopped).toBe(true);
    expect(events.some((event) => event.type === 'tool_result')).toBe(false);
    expect(saved?.isLoading).not.toBe(true);
    expect(saved?.toolCalls).toEqual([
      expect.objectContaining({
        status: 'error',
        error: `Error executing tool ${LONG_TOOL}: Stopped before it finished.`,
      }),
    ]);

    // The stream function cancelled the call through the gateway; the bridge says it is cancelled.
    const cancel = sent
      .slice(before)
      .find(
        (request) => request.method === 'DELETE' && /\/mcp-gateway\/[^/]+\/calls\/[^/?]+$/.test(request.url),
      );
    expect(cancel).toBeDefined();
    const callPath = new URL(cancel?.url ?? '').pathname.replace(/^\/api/, '');
    const { body } = await alice.api.get(callPath);
    expect(toolCallRunSchema.parse(body)).toMatchObject({
      status: 'cancelled',
      error: 'Cancelled by the caller.',
    });
  }, 120_000);

  it('stops a tool past the longest a call may run, and the tool call says so', async () => {
    process.env.MAX_TOOL_CALL_SECONDS = '3';
    const { events, saved } = await chatCallingTool(LONG_TOOL, { duration: 30, steps: 30 });
    const message = 'The tool ran longer than 3 seconds, the most a tool call may take, and was stopped.';
    expect(events.find((event) => event.type === 'tool_execution_error')).toMatchObject({ error: message });
    expect(saved?.toolCalls).toEqual([
      expect.objectContaining({ status: 'error', error: `Error executing tool ${LONG_TOOL}: ${message}` }),
    ]);
  }, 60_000);

  it("lets nobody but the server's user start, read or cancel its calls", async () => {
    const { body: started } = await alice.api.post(`/mcp-gateway/${serverId}/calls`, {
      name: LONG_TOOL,
      arguments: { duration: 30, steps: 30 },
    });
    const call = toolCallRunSchema.parse(started);
    const { idToken } = await signUpAndSignIn();
    const mallory = apiAs(stack.apiUrl, idToken);
    const path = `/mcp-gateway/${serverId}/calls/${call.callId}`;
    expect((await mallory.get(path)).status).toBe(404);
    expect((await mallory.del(path)).status).toBe(404);
    expect((await mallory.post(`/mcp-gateway/${serverId}/calls`, { name: 'echo' })).status).toBe(404);
    expect((await alice.api.post(`/mcp-gateway/${serverId}/calls`, { name: '' })).status).toBe(400);
    expect(toolCallRunSchema.parse((await alice.api.del(path)).body).status).toBe('cancelled');
  }, 60_000);
});

describe("the bridge's call routes", () => {
  let endpoint: string;
  let token: string;
  let client: Client;
  const call = async (method: string, path: string, owner: string, body?: unknown) => {
    const response = await realFetch(`${endpoint}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'x-call-owner': owner,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as ToolCallRun };
  };

  beforeAll(async () => {
    token = randomBytes(24).toString('base64url');
    const { runId } = await runner.start({
      serverId: 'slow-tool',
      userId: 'user-1',
      packageName: SLOW_TOOL,
      environment: {},
      idleTimeoutMinutes: 5,
      bridgeToken: token,
    });
    for (const deadline = Date.now() + 60_000; (await runner.describe(runId)).health !== 'running'; ) {
      if (Date.now() > deadline) throw new Error('the slow-tool server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    endpoint = (await runner.describe(runId)).endpoint ?? '';
    client = new Client({ name: 'long-tool-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${endpoint}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
        fetch: realFetch,
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  it("keeps progress with the server's messages and sends the server notifications/cancelled on cancel", async () => {
    const arguments_ = { seconds: 60, steps: 60, label: 'to-cancel' };
    const started = await call('POST', '/calls', 'alice', {
      name: 'slow_task',
      arguments: arguments_,
      waitMs: 500,
    });
    expect(started).toMatchObject({ status: 202, body: { status: 'running' } });
    const path = `/calls/${started.body.callId}`;
    const read = await call('GET', `${path}?after=0&waitMs=5000`, 'alice');
    expect(read.body.progress[0]).toEqual({ seq: 1, progress: 1, total: 60, message: 'Step 1 of 60' });
    expect((await call('GET', `${path}?after=0&waitMs=0`, 'mallory')).status).toBe(404);

    expect((await call('DELETE', path, 'alice')).body).toMatchObject({ status: 'cancelled' });
    await expect
      .poll(
        async () => {
          const result = await client.callTool({ name: 'cancellations' });
          return JSON.parse((result.content as { text: string }[])[0]?.text ?? '[]') as { label: string }[];
        },
        { timeout: 10_000, interval: 250 },
      )
      .toEqual([expect.objectContaining({ label: 'to-cancel' })]);
  }, 60_000);

  it('answers a short call with its result at once', async () => {
    const started = await call('POST', '/calls', 'alice', {
      name: 'slow_task',
      arguments: { seconds: 0.2, steps: 1, label: 'quick' },
      waitMs: 5_000,
    });
    expect(started.body).toMatchObject({
      status: 'done',
      result: { content: [{ type: 'text', text: 'quick finished after 1 steps' }] },
    });
  });
});
