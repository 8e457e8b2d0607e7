import type { StreamEvent } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { readStream } from '../support/sse.js';

/**
 * Tool selection (issue 30 item 5; docs/decisions/mcp-servers.md, "Tool selection") on the local
 * stack: a real server (server-everything, about twenty tools) past a budget of 3 tools, the model
 * server scripted to call search_tools and then the tool it found, in one reply.
 */
const BUDGET = vi.hoisted(() => {
  // Read by the functions' environment when the stack loads them.
  process.env.TOOL_SELECTION_MAX_TOOLS = '3';
  return 3;
});
const EVERYTHING = '@modelcontextprotocol/server-everything';
const MODEL = 'llama3.2:latest';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: { api: Api; idToken: string };
let serverId: string;
let provider: string;

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false });
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
}, 300_000);

afterAll(async () => {
  delete process.env.TOOL_SELECTION_MAX_TOOLS;
  await stack?.stop();
  await models?.stop();
});

async function newConversation(): Promise<string> {
  const now = Date.now();
  const { body } = await alice.api.post('/conversations', {
    title: 'Tools',
    name: 'Tools',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  return body.id as string;
}

async function events(query: Record<string, string>): Promise<StreamEvent[]> {
  const url = `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams({ provider, model: MODEL, ...query })}`;
  const received: StreamEvent[] = [];
  for await (const { event } of readStream(url, alice.idToken)) received.push(event);
  return received;
}

const offeredIn = (request: { body: unknown }) =>
  ((request.body as { tools?: { function?: { name: string } }[] }).tools ?? []).map(
    (tool) => tool.function?.name,
  );

/**
 * The message asks for the sum and an image (the tools ranked first); what search_tools looks for
 * and the input of the tool it finds are JSON escapes, so echo's words are not in the message.
 */
const SEARCH_THEN_ECHO =
  'Sum two numbers, then a tiny image. ' +
  '[[tool:search_tools {"qu\\u0065ry":"\\u0065\\u0063\\u0068\\u006f\\u0065\\u0073 \\u0062\\u0061\\u0063\\u006b"}]] ' +
  '[[found:{"m\\u0065ssag\\u0065":"hi"}]]';

describe('tool selection', () => {
  it('offers the most relevant tools and search_tools; the tool search_tools finds is offered next round and used', async () => {
    const conversationId = await newConversation();
    const before = models.requests.length;
    const received = await events({
      conversationId,
      mcpServerId: serverId,
      triggerContent: SEARCH_THEN_ECHO,
    });
    expect(received.at(-1)).toMatchObject({ type: 'end' });

    const requests = models.requests.slice(before).filter((request) => offeredIn(request).length > 0);
    const [first, second] = requests.map(offeredIn);
    expect(first).toHaveLength(BUDGET);
    expect(first).toContain('search_tools');
    expect(first).toContain('get-sum');
    expect(first).not.toContain('echo');
    expect(second).toContain('echo');

    expect(received).toContainEqual(
      expect.objectContaining({ type: 'tool_result', name: 'echo', result: 'Echo: hi' }),
    );
    const { body } = await alice.api.get(`/conversations/${conversationId}`);
    const reply = (body.messages as { role: string; content: string; toolsOffered?: unknown }[]).at(-1);
    expect(reply?.content).toContain('Tool echo said: Echo: hi');
    const end = received.at(-1) as { toolsOffered?: { names: string[]; total: number; selected: boolean } };
    expect(end.toolsOffered).toMatchObject({ selected: true });
    expect(end.toolsOffered?.names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'search_tools']));
    expect(end.toolsOffered?.total).toBeGreaterThan(BUDGET);
    expect(reply?.toolsOffered).toEqual(end.toolsOffered);
  }, 240_000);
});
