import { SERVER_MESSAGES } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: { api: Api; idToken: string };

/** A new conversation of `user` with the local model, through the server `serverId`: its events. */
async function chatWithTools(user: { api: Api; idToken: string }, serverId: string, prompt: string) {
  const key = await user.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
  const now = Date.now();
  const { body: conversation } = await user.api.post('/conversations', {
    title: 'Remote tools',
    name: 'Remote tools',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  const query = new URLSearchParams({
    conversationId: conversation.id as string,
    provider: `custom:${key.body.id as string}`,
    model: 'llama3.2:latest',
    mcpServerId: serverId,
    triggerContent: prompt,
  });
  const events = (
    await collect(readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, user.idToken))
  ).map((received) => received.event);
  const text = events.flatMap((event) => (event.type === 'message_delta' ? [event.chunk] : [])).join('');
  return { events, text };
}

const remote = (url: string, headers: Record<string, string>) => ({
  name: 'Remote tools',
  url,
  headers: Object.entries(headers).map(([key, value]) => ({ key, value })),
});

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  const a = await signUpAndSignIn();
  alice = { api: apiAs(stack.apiUrl, a.idToken), idToken: a.idToken };
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('remote MCP servers', () => {
  it('are added by URL with static headers, which are never shown whole', async () => {
    const created = await alice.api.post(
      '/mcp-servers',
      remote(stack.remoteMcp.keyedUrl, { 'X-API-Key': stack.remoteMcp.apiKey }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'remote',
      url: stack.remoteMcp.keyedUrl,
      packageName: '',
      status: 'defined',
    });
    expect(JSON.stringify(created.body)).not.toContain(stack.remoteMcp.apiKey);
    expect((created.body.headers as Record<string, string>)['X-API-Key']).toMatch(/^•+/);
    const listed = await alice.api.get('/mcp-servers');
    expect(JSON.stringify(listed.body)).not.toContain(stack.remoteMcp.apiKey);
    const started = await alice.api.post(`/mcp-servers/${created.body.id}/enable`);
    expect(started.status).toBe(409);
    expect(started.body.message).toBe('A remote server runs elsewhere: there is nothing to start or stop.');
  });

  it('refuse a URL that is not https off this machine, or that is the metadata address', async () => {
    const plain = await alice.api.post('/mcp-servers', remote('http://mcp.example.com/mcp', {}));
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain("A remote server's URL must use https");
    const metadata = await alice.api.post('/mcp-servers', remote('https://169.254.169.254/mcp', {}));
    expect(metadata.status).toBe(400);
    expect(metadata.body.message).toContain('This endpoint cannot be used');
    expect((await alice.api.get('/mcp-servers')).body).toHaveLength(1);
  });

  it("offer the server's tools in the chat, over Streamable HTTP with its headers", async () => {
    const { body: server } = await alice.api.post(
      '/mcp-servers',
      remote(stack.remoteMcp.keyedUrl, { 'X-API-Key': stack.remoteMcp.apiKey }),
    );
    const { events, text } = await chatWithTools(
      alice,
      server.id as string,
      'Echo [[tool:echo {"message":"from afar"}]]',
    );
    expect(events.map((event) => event.type)).toContain('tool_execution_success');
    expect(events.at(-1)).toMatchObject({ type: 'end', mcpUsedId: server.id, toolCallsCount: 1 });
    expect(text).toContain('from afar');
  }, 120_000);

  it('fall back to the older HTTP+SSE transport', async () => {
    const { body: server } = await alice.api.post(
      '/mcp-servers',
      remote(stack.remoteMcp.legacyUrl, { 'X-API-Key': stack.remoteMcp.apiKey }),
    );
    const { events, text } = await chatWithTools(
      alice,
      server.id as string,
      'Echo [[tool:echo {"message":"older transport"}]]',
    );
    expect(events.at(-1)).toMatchObject({ type: 'end', toolCallsCount: 1 });
    expect(text).toContain('older transport');
  }, 120_000);

  it('end the reply with an error when the server refuses the headers', async () => {
    const { body: server } = await alice.api.post(
      '/mcp-servers',
      remote(stack.remoteMcp.keyedUrl, { 'X-API-Key': 'wrong' }),
    );
    const { events } = await chatWithTools(alice, server.id as string, 'Echo [[tool:echo {"message":"x"}]]');
    expect(events.at(-1)).toMatchObject({ type: 'error' });
  }, 120_000);

  it('say so when the server asks to be authorized with OAuth', async () => {
    const { body: server } = await alice.api.post('/mcp-servers', remote(stack.remoteMcp.mcpUrl, {}));
    const { events } = await chatWithTools(alice, server.id as string, 'Echo [[tool:echo {"message":"x"}]]');
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining(
        "The remote server asks to be authorized: choose 'Connect' on its card",
      ),
    });
  }, 120_000);

  it('list their tools for the tool approvals, or say why not: authorization needed, or unreachable', async () => {
    const add = async (url: string, headers: Record<string, string> = {}) =>
      (await alice.api.post('/mcp-servers', remote(url, headers))).body.id as string;
    const keyed = await add(stack.remoteMcp.keyedUrl, { 'X-API-Key': stack.remoteMcp.apiKey });
    const listed = await alice.api.get(`/mcp-servers/${keyed}/tools`);
    expect(listed.status).toBe(200);
    expect((listed.body.tools as { name: string }[]).map((tool) => tool.name)).toContain('echo');

    const oauth = await alice.api.get(`/mcp-servers/${await add(stack.remoteMcp.mcpUrl)}/tools`);
    expect(oauth).toMatchObject({
      status: 409,
      body: { message: SERVER_MESSAGES.remoteToolsNeedAuthorization },
    });

    // Nothing listens on port 9 (discard) here.
    const gone = await alice.api.get(`/mcp-servers/${await add('http://localhost:9/mcp')}/tools`);
    expect(gone.status).toBe(502);
    expect(gone.body.message).toMatch(/^The server could not be reached: /);

    // Only the caller's own (or their team's) remote servers: not a hosted one, not another's.
    const hosted = await alice.api.post('/mcp-servers', {
      name: 'Hosted',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
    });
    expect((await alice.api.get(`/mcp-servers/${hosted.body.id as string}/tools`)).status).toBe(404);
    const bob = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
    expect((await bob.get(`/mcp-servers/${keyed}/tools`)).status).toBe(404);
  }, 120_000);
});
