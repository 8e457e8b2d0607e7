import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

const EVERYTHING = '@modelcontextprotocol/server-everything';
let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: { api: Api; idToken: string };
let bob: { api: Api; idToken: string };

/**
 * A new conversation of `user` chatting with the local model through the server `serverId`:
 * the stream's events for `prompt` (the model server's markers ask for tool calls).
 */
async function chatWithTools(user: { api: Api; idToken: string }, serverId: string, prompt: string) {
  const key = await user.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const now = Date.now();
  const { body: conversation } = await user.api.post('/conversations', {
    title: 'Tools',
    name: 'Tools',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  const conversationId = conversation.id as string;
  const query = new URLSearchParams({
    conversationId,
    provider: `custom:${key.body.id as string}`,
    model: 'llama3.2:latest',
    mcpServerId: serverId,
    triggerContent: prompt,
  });
  const events = (
    await collect(readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, user.idToken))
  ).map((received) => received.event);
  return { events, conversationId };
}

const config = (overrides: Record<string, unknown> = {}) => ({
  name: 'Everything',
  packageName: EVERYTHING,
  idleTimeoutMinutes: 5,
  environmentVariables: [
    { key: ' GREETING ', value: 'hello' },
    { key: '', value: 'dropped' },
  ],
  ...overrides,
});

async function untilStatus(api: Api, id: string, wanted: string, timeout = 30_000) {
  await expect
    .poll(async () => (await api.get(`/mcp-servers/${id}`)).body.status, { timeout, interval: 250 })
    .toBe(wanted);
  return (await api.get(`/mcp-servers/${id}`)).body;
}

async function mcpClient(url: string, token: string) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false, reaperIntervalMs: 500 });
  configureAmplify(stack.runtimeConfig);
  const a = await signUpAndSignIn();
  alice = { api: apiAs(stack.apiUrl, a.idToken), idToken: a.idToken };
  const b = await signUpAndSignIn();
  bob = { api: apiAs(stack.apiUrl, b.idToken), idToken: b.idToken };
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('MCP servers on the local stack', () => {
  it('run when enabled, answer tool calls through the gateway, and stop when disabled', async () => {
    const created = await alice.api.post('/mcp-servers', config());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'defined', environmentVariables: { GREETING: '••••••••' } });
    const id = created.body.id as string;

    expect((await alice.api.post(`/mcp-servers/${id}/enable`)).body.status).toMatch(
      /provisioning|starting|enabled/,
    );
    expect(await untilStatus(alice.api, id, 'enabled')).toMatchObject({
      displayStatus: 'Running',
      healthStatus: 'running',
    });

    const client = await mcpClient(`${stack.apiUrl}/api/mcp-gateway/${id}`, alice.idToken);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
    const result = await client.callTool({ name: 'echo', arguments: { message: 'through the gateway' } });
    expect(JSON.stringify(result.content)).toContain('through the gateway');
    await client.close();
    expect((await alice.api.get(`/mcp-servers/${id}`)).body.lastActive).toBeGreaterThan(0);

    // The same list under the spec's second spelling.
    expect(
      ((await alice.api.get('/mcp/servers')).body as unknown as { id: string }[]).map((s) => s.id),
    ).toContain(id);

    expect((await alice.api.put(`/mcp/servers/${id}`, config({ name: 'Renamed' }))).status).toBe(409);
    await alice.api.post(`/mcp-servers/${id}/disable`);
    await untilStatus(alice.api, id, 'disabled');
    expect((await alice.api.put(`/mcp/servers/${id}`, config({ name: 'Renamed' }))).body.name).toBe(
      'Renamed',
    );
  });

  it('keep a server its owner disabled off when a chat uses it, and the chat says so', async () => {
    // A user of their own: the plan's one concurrent server is not held by another test's.
    const { idToken } = await signUpAndSignIn();
    const dave = apiAs(stack.apiUrl, idToken);
    const { body: server } = await dave.post('/mcp-servers', config({ name: 'Switched off' }));
    const id = server.id as string;
    await dave.post(`/mcp-servers/${id}/enable`);
    await untilStatus(dave, id, 'enabled');
    await dave.post(`/mcp-servers/${id}/disable`);
    expect(await untilStatus(dave, id, 'disabled')).toMatchObject({ stoppedBy: 'owner' });

    const { events } = await chatWithTools(
      { api: dave, idToken },
      id,
      'Please echo [[tool:echo {"message":"hi"}]]',
    );
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: expect.stringContaining('The server "Switched off" is disabled.'),
    });
    expect((await dave.get(`/mcp-servers/${id}`)).body).toMatchObject({
      status: 'disabled',
      stoppedBy: 'owner',
    });
  }, 120_000);

  it("holds the plan's concurrent-server limit when enables race", async () => {
    const carol = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
    const ids = await Promise.all(
      [1, 2, 3, 4].map(
        async (n) => (await carol.post('/mcp-servers', config({ name: `Race ${n}` }))).body.id as string,
      ),
    );
    const answers = await Promise.all(ids.map((id) => carol.post(`/mcp-servers/${id}/enable`)));
    const started = ids.filter((_, i) => (answers[i]?.status ?? 0) < 300);
    expect(started).toHaveLength(1); // Free runs one server at a time
    for (const answer of answers.filter((a) => a.status >= 300)) {
      expect(answer).toMatchObject({
        status: 429,
        body: { message: expect.stringMatching(/at most 1 server at a time/) },
      });
    }
    const running = started[0] as string;
    await untilStatus(carol, running, 'enabled');
    await carol.post(`/mcp-servers/${running}/disable`);
    await untilStatus(carol, running, 'disabled');
    // The slot is free again.
    const next = ids.find((id) => id !== running) as string;
    expect((await carol.post(`/mcp-servers/${next}/enable`)).status).toBeLessThan(300);
    await untilStatus(carol, next, 'enabled');
    await carol.post(`/mcp-servers/${next}/disable`);
    await untilStatus(carol, next, 'disabled');
  });

  it('opens to external MCP clients with the token shown once', async () => {
    const { body } = await alice.api.post('/mcp-servers', config({ name: 'External' }));
    const id = body.id as string;
    await alice.api.post(`/mcp-servers/${id}/enable`);
    await untilStatus(alice.api, id, 'enabled');
    const issued = await alice.api.post(`/mcp-servers/${id}/external-token`);
    expect(issued.body.endpoint).toBe(`/mcp-external/${id}`);

    const client = await mcpClient(
      `${stack.apiUrl}/api${issued.body.endpoint as string}`,
      issued.body.token as string,
    );
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    const denied = await fetch(`${stack.apiUrl}/api/mcp-external/${id}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer nope', 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(denied.status).toBe(401);
    await alice.api.del(`/mcp-servers/${id}`);
  });

  it("keeps another user's server out of reach: 404 everywhere", async () => {
    const { body } = await alice.api.post('/mcp-servers', config({ name: 'Private' }));
    const id = body.id as string;
    for (const answer of [
      await bob.api.get(`/mcp-servers/${id}`),
      await bob.api.put(`/mcp-servers/${id}`, config()),
      await bob.api.post(`/mcp-servers/${id}/enable`),
      await bob.api.post(`/mcp-servers/${id}/external-token`),
      await bob.api.del(`/mcp-servers/${id}`),
      await bob.api.post(`/mcp-gateway/${id}`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await alice.api.get(`/mcp-servers/${id}`)).body.status).toBe('defined');
    await alice.api.del(`/mcp-servers/${id}`);
  });

  it('rejects bad configurations with the form rules', async () => {
    const missing = await alice.api.post('/mcp-servers', { packageName: EVERYTHING });
    expect(missing.status).toBe(400);
    const flag = await alice.api.post('/mcp-servers', config({ packageName: '--eval=process.exit()' }));
    expect(flag.status).toBe(400);
    const fallback = await alice.api.post('/mcp-servers', config({ idleTimeoutMinutes: 'soon' }));
    expect(fallback.body.idleTimeoutMinutes).toBe(30);
    await alice.api.del(`/mcp-servers/${fallback.body.id as string}`);
  });

  it('goes to error with the last error when the package crashes', async () => {
    const { body } = await alice.api.post(
      '/mcp-servers',
      config({ name: 'Broken', packageName: 'agentforge-no-such-mcp-package-xyz' }),
    );
    const id = body.id as string;
    await alice.api.post(`/mcp-servers/${id}/enable`);
    const failed = await untilStatus(alice.api, id, 'error', 60_000);
    expect(failed.lastError).toBeTruthy();
    await alice.api.del(`/mcp-servers/${id}`);
  });

  it('reaps an idle server and books its compute minutes', async () => {
    const { body } = await alice.api.post('/mcp-servers', config({ name: 'Idle', idleTimeoutMinutes: 1 }));
    const id = body.id as string;
    await alice.api.post(`/mcp-servers/${id}/enable`);
    await untilStatus(alice.api, id, 'enabled');
    await untilStatus(alice.api, id, 'disabled', 90_000);
    const usage = await alice.api.get('/mcp/usage');
    expect(usage.body).toMatchObject({ currentMonth: new Date().toISOString().slice(0, 7) });
    expect(usage.body.usedMinutes).toBeGreaterThanOrEqual(1);
    expect(usage.body.remainingMinutes).toBe(
      (usage.body.limitMinutes as number) - (usage.body.usedMinutes as number),
    );
    await alice.api.del(`/mcp-servers/${id}`);
  }, 120_000);

  it('lets the chat model call a tool of the attached server, started on demand', async () => {
    const { body: server } = await alice.api.post('/mcp-servers', config({ name: 'Chat tools' }));
    const { events, conversationId } = await chatWithTools(
      alice,
      server.id as string,
      'Please echo [[tool:echo {"message":"tool says hi"}]]',
    );
    const types = events.map((event) => event.type);
    expect(types).toContain('tool_call');
    expect(types).toContain('tool_execution_success');
    expect(events.at(-1)).toMatchObject({ type: 'end', mcpUsedId: server.id, toolCallsCount: 1 });
    const text = events.flatMap((event) => (event.type === 'message_delta' ? [event.chunk] : [])).join('');
    expect(text).toContain('tool says hi');

    const saved = await alice.api.get(`/conversations/${conversationId}`);
    const reply = (saved.body.messages as { role: string; toolCalls?: unknown[]; mcpUsedId?: string }[]).find(
      (message) => message.role === 'assistant',
    );
    expect(reply?.mcpUsedId).toBe(server.id);
    expect(reply?.toolCalls).toMatchObject([{ name: 'echo', status: 'success' }]);
  }, 120_000);
});
