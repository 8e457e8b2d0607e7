import { CHAT_SERVER_MESSAGES, type StreamEvent } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeToPro } from '../support/pro-plan.js';
import { collect, readStream } from '../support/sse.js';
import { APP, startTwoServers, type TwoServers } from '../support/two-servers.js';

/**
 * Several MCP servers in one chat (issue 30 item 3; docs/decisions/mcp-servers.md, "Several
 * servers in one chat"), on the local stack: two sandboxed server-everything processes, both with
 * an `echo` tool, attached to one conversation; the model server scripted to call each.
 */
let setup: TwoServers | undefined;
let stack: TwoServers['stack'];
let alice: TwoServers['alice'];
let provider: string;
let alpha: string;
let beta: string;

beforeAll(async () => {
  setup = await startTwoServers();
  ({ stack, alice, provider, alpha, beta } = setup);
}, 300_000);

afterAll(() => setup?.stop());

async function newConversation(): Promise<string> {
  const now = Date.now();
  const { body } = await alice.api.post('/conversations', {
    title: 'Two servers',
    name: 'Two servers',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  return body.id as string;
}

async function chat(conversationId: string, query: Record<string, string>): Promise<StreamEvent[]> {
  const params = new URLSearchParams({ conversationId, provider, model: 'llama3.2:latest', ...query });
  const received = await collect(
    readStream(`${stack.apiUrl}/api/messages/generate-stream?${params}`, alice.idToken),
  );
  return received.map(({ event }) => event);
}

type SavedCall = {
  name: string;
  status: string;
  serverId?: string;
  serverName?: string;
  result?: unknown;
  error?: string;
};

async function conversation(conversationId: string) {
  const { body } = await alice.api.get(`/conversations/${conversationId}`);
  return body as {
    mcpServerIds?: string[];
    mcpServerId?: string;
    messages: { role: string; content: string; toolCalls?: SavedCall[] }[];
  };
}

describe('several servers in one chat', () => {
  it('keeps the servers of a conversation as a list, at most five, an older single server read as one', async () => {
    const conversationId = await newConversation();
    const updatedAt = Date.now();
    const metadata = { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' };
    const single = await alice.api.put(`/conversations/${conversationId}`, {
      metadata,
      updatedAt,
      mcpServerId: alpha,
    });
    expect(single.body).toMatchObject({ mcpServerIds: [alpha] });
    expect(single.body.mcpServerId).toBeUndefined();
    const both = await alice.api.put(`/conversations/${conversationId}`, {
      metadata,
      updatedAt,
      mcpServerIds: [beta, alpha],
    });
    expect(both.body).toMatchObject({ mcpServerIds: [beta, alpha] });
    const six = await alice.api.put(`/conversations/${conversationId}`, {
      metadata,
      updatedAt,
      mcpServerIds: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(six.status).toBe(400);
    expect(JSON.stringify(six.body)).toContain(CHAT_SERVER_MESSAGES.tooMany);
    await expect(
      chat(conversationId, { mcpServerIds: `${alpha},${alpha}`, triggerContent: 'Hi' }),
    ).rejects.toThrow(/stream answered 400: .*A server is listed twice/);
    expect((await conversation(conversationId)).mcpServerIds).toEqual([beta, alpha]);
    const cleared = await alice.api.put(`/conversations/${conversationId}`, {
      metadata,
      updatedAt,
      mcpServerIds: null,
    });
    expect(cleared.body.mcpServerIds).toBeUndefined();
  });

  it('counts each hosted server against the plan: on Free the second is refused, the reply says so and uses the first', async () => {
    const conversationId = await newConversation();
    const events = await chat(conversationId, {
      mcpServerIds: `${alpha},${beta}`,
      triggerContent:
        'Please [[tool:alpha_tools__echo {"message":"only one"}]] [[tool:beta_tools__echo {"message":"only one"}]]',
    });
    // Both were started at once, each named in its status.
    const starting = events.filter((event) => event.type === 'status' && event.status === 'connecting');
    expect(new Set(starting.map((event) => (event as { server?: string }).server))).toEqual(
      new Set(['Alpha Tools', 'Beta Tools']),
    );
    expect(events.at(-1)).toMatchObject({ type: 'end' });
    const saved = await conversation(conversationId);
    const reply = saved.messages.at(-1);
    // Whichever started first runs; the tools keep the names two servers give them.
    const ran = reply?.toolCalls?.find((call) => call.status === 'success');
    const [usedName, refusedName] =
      ran?.serverId === alpha ? ['Alpha Tools', 'Beta Tools'] : ['Beta Tools', 'Alpha Tools'];
    expect(ran).toMatchObject({
      name: `${usedName.split(' ')[0]?.toLowerCase()}_tools__echo`,
      serverName: usedName,
      result: expect.stringContaining('only one'),
    });
    // The refused server's tool was not offered.
    expect(reply?.toolCalls?.filter((call) => call !== ran)).toEqual([
      expect.objectContaining({ status: 'error', error: expect.stringContaining('Unknown tool') }),
    ]);
    expect(reply?.content).toMatch(
      new RegExp(`^Server '${refusedName}' is unavailable: .*at most 1 server at a time`),
    );
    // Both stay attached.
    expect(saved.mcpServerIds).toEqual([alpha, beta]);
  }, 240_000);

  it('offers both servers’ `echo` under their own names and runs each on its server in one reply', async () => {
    await subscribeToPro(alice.api, APP);
    const conversationId = await newConversation();
    await alice.api.put(`/conversations/${conversationId}`, {
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
      updatedAt: Date.now(),
      mcpServerIds: [alpha, beta],
    });
    const events = await chat(conversationId, {
      triggerContent:
        'Both [[tool:alpha_tools__echo {"message":"from alpha"}]] [[tool:beta_tools__echo {"message":"from beta"}]]',
    });
    expect(events.at(-1)).toMatchObject({ type: 'end', toolCallsCount: 2 });
    const reply = (await conversation(conversationId)).messages.at(-1);
    expect(reply?.content).not.toContain('unavailable');
    expect(reply?.toolCalls).toEqual([
      expect.objectContaining({
        name: 'alpha_tools__echo',
        status: 'success',
        serverId: alpha,
        serverName: 'Alpha Tools',
        result: expect.stringContaining('from alpha'),
      }),
      expect.objectContaining({
        name: 'beta_tools__echo',
        status: 'success',
        serverId: beta,
        serverName: 'Beta Tools',
        result: expect.stringContaining('from beta'),
      }),
    ]);
    // Each server ran: both are enabled, each counted on its own.
    for (const id of [alpha, beta]) {
      expect((await alice.api.get(`/mcp-servers/${id}`)).body).toMatchObject({ status: 'enabled' });
    }
  }, 300_000);
});
