import { type StreamEvent, TOOL_APPROVAL_MESSAGES, type ToolApprovalDecision } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';
import { teamHelpers } from '../support/teams.js';

/**
 * Tool approval (issue 30 item 4; docs/decisions/mcp-servers.md, "Tool approval"), end to end on
 * the local stack: a real server (server-everything) behind the gateway, the model server scripted
 * to call `echo`, the decision as its own stream into the same reply.
 */
const EVERYTHING = '@modelcontextprotocol/server-everything';
const MODEL = 'llama3.2:latest';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let alice: { api: Api; idToken: string };
let serverId: string;
let provider: string;

/** The tool calls the stream function started on the gateway (each is a run of the tool). */
const toolRuns: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method === 'POST' && /\/mcp-gateway\/[^/]+\/calls$/.test(url)) toolRuns.push(String(init?.body));
    return realFetch(input, init);
  });
  models = await startModelServer();
  // An app origin: the team invitations' e-mails carry its link and code.
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
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
  vi.restoreAllMocks();
  await stack?.stop();
  await models?.stop();
});

async function newConversation(): Promise<string> {
  const now = Date.now();
  const { body } = await alice.api.post('/conversations', {
    title: 'Approvals',
    name: 'Approvals',
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  });
  return body.id as string;
}

const streamUrl = (query: Record<string, string>) =>
  `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams({ provider, model: MODEL, ...query })}`;

async function events(url: string): Promise<StreamEvent[]> {
  const received: StreamEvent[] = [];
  for await (const { event } of readStream(url, alice.idToken)) received.push(event);
  return received;
}

/** A chat turn whose model calls echo on Alice's server. */
async function askForEcho(conversationId: string, message: string) {
  const received = await events(
    streamUrl({
      conversationId,
      mcpServerId: serverId,
      triggerContent: `Please [[tool:echo {"message":"${message}"}]]`,
    }),
  );
  const messageId = received.find((event) => event.type === 'status' && event.messageId);
  return { received, messageId: (messageId as { messageId: string }).messageId };
}

const decisionUrl = (
  conversationId: string,
  messageId: string,
  toolCallId: string,
  decision: ToolApprovalDecision,
) => streamUrl({ conversationId, approvalFor: messageId, toolCallId, decision });

async function savedReply(conversationId: string, messageId: string) {
  const { body } = await alice.api.get(`/conversations/${conversationId}`);
  return (
    body.messages as { id: string; content: string; toolCalls?: unknown[]; toolApproval?: unknown }[]
  ).find((message) => message.id === messageId);
}

const setEcho = async (policy: 'allow' | 'ask' | 'never' | null) => {
  const { status, body } = await alice.api.patch(`/mcp-servers/${serverId}/tool-policy`, {
    tools: { echo: policy },
  });
  expect(status).toBe(200);
  return body;
};

describe('tool approval', () => {
  it("pauses at an 'ask' call; allow once runs it exactly once, a second decision is refused, the reply goes on", async () => {
    expect((await setEcho('ask')).toolPolicy).toEqual({ default: 'allow', tools: { echo: 'ask' } });
    const conversationId = await newConversation();
    const runsBefore = toolRuns.length;
    const { received, messageId } = await askForEcho(conversationId, 'approved');

    const approval = received.find((event) => event.type === 'tool_approval');
    expect(approval).toMatchObject({
      approval: { name: 'echo', input: { message: 'approved' }, serverId, state: 'pending' },
    });
    expect(received.at(-1)?.type).toBe('end');
    expect(toolRuns.length).toBe(runsBefore);
    const toolCallId = (approval as { approval: { toolCallId: string } }).approval.toolCallId;
    expect(await savedReply(conversationId, messageId)).toMatchObject({
      toolApproval: { toolCallId, state: 'pending' },
    });

    // Two tabs decide at once: one stream goes on, the other is refused before anything runs.
    const [first, second] = await Promise.all(
      ['allow_once', 'allow_once'].map((decision) =>
        realFetch(decisionUrl(conversationId, messageId, toolCallId, decision as ToolApprovalDecision), {
          headers: { Authorization: `Bearer ${alice.idToken}` },
        }).then(async (response) => ({ status: response.status, text: await response.text() })),
      ),
    );
    expect([first?.status, second?.status].sort()).toEqual([200, 409]);
    const refused = [first, second].find((response) => response?.status === 409);
    expect(JSON.parse(refused?.text ?? '{}').message).toBe(TOOL_APPROVAL_MESSAGES.alreadyDecided);
    expect(toolRuns.length).toBe(runsBefore + 1);

    const saved = await savedReply(conversationId, messageId);
    expect(saved?.content).toContain('Tool echo said: Echo: approved');
    expect(saved?.toolCalls).toEqual([expect.objectContaining({ id: toolCallId, status: 'success' })]);
    expect(saved?.toolApproval).toMatchObject({ state: 'allow_once' });

    // A reload's decision (the same request again) runs nothing either.
    await expect(events(decisionUrl(conversationId, messageId, toolCallId, 'allow_once'))).rejects.toThrow(
      /409/,
    );
    expect(toolRuns.length).toBe(runsBefore + 1);
  }, 240_000);

  it('deny runs nothing: the model gets the refusal and answers on', async () => {
    await setEcho('ask');
    const conversationId = await newConversation();
    const runsBefore = toolRuns.length;
    const { received, messageId } = await askForEcho(conversationId, 'denied');
    const approval = received.find((event) => event.type === 'tool_approval') as {
      approval: { toolCallId: string };
    };
    const resumed = await events(
      decisionUrl(conversationId, messageId, approval.approval.toolCallId, 'deny'),
    );
    expect(resumed.at(-1)).toMatchObject({ type: 'end', messageId });
    expect(toolRuns.length).toBe(runsBefore);
    const saved = await savedReply(conversationId, messageId);
    expect(saved?.content).toContain(`Tool echo said: ${TOOL_APPROVAL_MESSAGES.denied}`);
    expect(saved?.toolCalls).toEqual([
      expect.objectContaining({ status: 'error', error: TOOL_APPROVAL_MESSAGES.denied }),
    ]);
  }, 240_000);

  it('always allow sets the tool to allow: the next call runs unasked', async () => {
    await setEcho('ask');
    const conversationId = await newConversation();
    const { received, messageId } = await askForEcho(conversationId, 'always');
    const approval = received.find((event) => event.type === 'tool_approval') as {
      approval: { toolCallId: string };
    };
    await events(decisionUrl(conversationId, messageId, approval.approval.toolCallId, 'always_allow'));
    const { body } = await alice.api.get(`/mcp-servers/${serverId}`);
    expect(body.toolPolicy).toEqual({ default: 'allow', tools: { echo: 'allow' } });
    const next = await askForEcho(conversationId, 'again');
    expect(next.received.some((event) => event.type === 'tool_approval')).toBe(false);
    expect(next.received).toContainEqual(
      expect.objectContaining({ type: 'tool_result', result: 'Echo: again' }),
    );
  }, 240_000);

  it("never offers a tool set to 'never' to the model, and never runs it", async () => {
    await setEcho('never');
    const conversationId = await newConversation();
    const runsBefore = toolRuns.length;
    const requestsBefore = models.requests.length;
    const { received } = await askForEcho(conversationId, 'never');
    const offered = models.requests
      .slice(requestsBefore)
      .flatMap((request) => (request.body as { tools?: { function?: { name: string } }[] }).tools ?? [])
      .map((tool) => tool.function?.name);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain('echo');
    expect(received.some((event) => event.type === 'tool_approval')).toBe(false);
    expect(received).toContainEqual(
      expect.objectContaining({ type: 'tool_error', error: 'Error executing tool echo: Unknown tool: echo' }),
    );
    expect(toolRuns.length).toBe(runsBefore);
    await setEcho(null);
  }, 240_000);

  it("refuses a team User's 'Always allow' (a team server's approvals are its Admins'): nothing is decided, Allow once still runs it", async () => {
    const teams = teamHelpers(stack);
    const admin = await teams.person('approvals-admin');
    const member = await teams.person('approvals-user');
    const { teamId } = await teams.createTeam(admin, 'Approvals');
    await teams.join(member, teamId, admin);
    const created = await admin.api.post(`/mcp-servers?teamId=${teamId}`, {
      name: 'Team Everything',
      packageName: EVERYTHING,
      idleTimeoutMinutes: 5,
    });
    const teamServer = created.body.id as string;
    expect(
      (await admin.api.patch(`/mcp-servers/${teamServer}/tool-policy`, { tools: { echo: 'ask' } })).status,
    ).toBe(200);
    // The API itself refuses the User the policy change the card no longer offers them.
    expect(
      await member.api.patch(`/mcp-servers/${teamServer}/tool-policy`, { tools: { echo: 'allow' } }),
    ).toMatchObject({ status: 403 });

    const key = await member.api.post('/api-keys', { provider: 'custom', baseUrl: models.baseUrls.custom });
    const memberProvider = `custom:${key.body.id as string}`;
    const now = Date.now();
    const conversation = await member.api.post('/conversations', {
      title: 'Team approvals',
      name: 'Team approvals',
      messages: [],
      createdAt: now,
      updatedAt: now,
      metadata: { defaultProvider: memberProvider, defaultModel: MODEL },
      teamId,
    });
    const conversationId = conversation.body.id as string;
    const memberUrl = (query: Record<string, string>) =>
      `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams({ provider: memberProvider, model: MODEL, conversationId, ...query })}`;
    const paused = (
      await collect(
        readStream(
          memberUrl({ mcpServerId: teamServer, triggerContent: 'Please [[tool:echo {"message":"team"}]]' }),
          member.idToken,
        ),
      )
    ).map(({ event }) => event);
    const approval = paused.find((event) => event.type === 'tool_approval') as {
      approval: { toolCallId: string };
    };
    const messageId = (
      paused.find((event) => event.type === 'status' && event.messageId) as { messageId: string }
    ).messageId;
    const decide = (decision: ToolApprovalDecision) =>
      memberUrl({ approvalFor: messageId, toolCallId: approval.approval.toolCallId, decision });

    const runsBefore = toolRuns.length;
    const refused = await realFetch(decide('always_allow'), {
      headers: { Authorization: `Bearer ${member.idToken}` },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      TOOL_APPROVAL_MESSAGES.policyForbidden,
    );
    expect(toolRuns.length).toBe(runsBefore);
    const after = await member.api.get(`/conversations/${conversationId}`);
    const reply = (after.body.messages as { id: string; toolApproval?: { state: string } }[]).find(
      (message) => message.id === messageId,
    );
    expect(reply?.toolApproval?.state).toBe('pending');
    expect((await admin.api.get(`/mcp-servers/${teamServer}`)).body.toolPolicy).toEqual({
      default: 'allow',
      tools: { echo: 'ask' },
    });

    const resumed = (await collect(readStream(decide('allow_once'), member.idToken))).map(
      ({ event }) => event,
    );
    expect(resumed.at(-1)).toMatchObject({ type: 'end', messageId });
    expect(toolRuns.length).toBe(runsBefore + 1);
  }, 300_000);
});
