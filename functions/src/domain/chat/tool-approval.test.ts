import { type StreamEvent, TOOL_APPROVAL_MESSAGES, type ToolApprovalDecision } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import { createConversationService } from '../conversations/conversation-service.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import type { ModelStreamEvent } from '../models/model-provider.js';
import { createChatService } from './chat-service.js';
import type { ToolSet, ToolSource } from './ports.js';

const alice = { userId: 'alice', email: 'a@example.com', idToken: 'token' };

async function* callsTurn(
  ...calls: { id: string; name: string; input: unknown }[]
): AsyncIterable<ModelStreamEvent> {
  yield { type: 'text-delta', text: 'Let me look. ' };
  for (const toolCall of calls) yield { type: 'tool-call', toolCall };
  yield { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 5, outputTokens: 2 } };
}

/** A server whose `write` asks first (the policy), `read` runs unasked; records every call it ran. */
function setup(turns: Parameters<typeof scriptedModel>[0], options: { forbidPolicy?: boolean } = {}) {
  let id = 0;
  const newId = () => String(++id).padStart(4, '0');
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const model = scriptedModel(turns);
  const ran: string[] = [];
  const allowedAlways: string[] = [];
  const set: ToolSet = {
    serverId: 'srv-1',
    definitions: ['read', 'write'].map((name) => ({ name, inputSchema: { type: 'object' } })),
    call: async (name, input) => {
      ran.push(name);
      return { content: `${name} did ${JSON.stringify(input)}`, isError: false };
    },
    needsApproval: (name) => name === 'write' && !allowedAlways.includes(name),
  };
  const tools: ToolSource = {
    forServer: async () => set,
    allowAlways: async (_caller, _serverId, name) => {
      if (options.forbidPolicy) throw new ForbiddenError('Forbidden');
      allowedAlways.push(name);
    },
  };
  const conversationService = createConversationService({ conversations, messages, newId, now: () => 1 });
  const chat = createChatService({
    conversations: conversationService,
    messages,
    models: { resolve: async (_user, _provider, name) => ({ provider: model.provider, model: name }) },
    usage: { recordTokens: async () => undefined },
    tools,
    newId,
    now: () => 1,
  });
  conversations.records.set('alice/c1', {
    userId: 'alice',
    conversationId: 'c1',
    name: 'n',
    title: 't',
    metadata: { defaultProvider: 'anthropic', defaultModel: 'm' },
    mcpServerId: 'srv-1',
    createdAt: 1,
    updatedAt: 1,
  });
  return { chat, messages, model, ran, allowedAlways };
}

const base = { conversationId: 'c1', provider: 'anthropic', model: 'm' };

async function stream(chat: ReturnType<typeof setup>['chat'], query: Parameters<typeof chat.start>[1]) {
  const events: StreamEvent[] = [];
  const started = await chat.start(alice, query);
  await started.run((event) => events.push(event));
  return { events, messageId: started.messageId };
}

const decide = (messageId: string, decision: ToolApprovalDecision, toolCallId = 'w1') => ({
  ...base,
  approvalFor: messageId,
  toolCallId,
  decision,
});

describe('tool approval in the chat', () => {
  it('pauses the reply at a call that asks: the tool is not run, the reply ends complete with the pending call', async () => {
    const { chat, messages, ran } = setup([
      () =>
        callsTurn(
          { id: 'r1', name: 'read', input: { path: 'a' } },
          { id: 'w1', name: 'write', input: { path: 'b' } },
          { id: 'r2', name: 'read', input: { path: 'c' } },
        ),
    ]);
    const { events, messageId } = await stream(chat, { ...base, triggerContent: 'Change b' });
    expect(ran).toEqual(['read']);
    const approval = {
      toolCallId: 'w1',
      name: 'write',
      input: { path: 'b' },
      serverId: 'srv-1',
      state: 'pending',
    };
    expect(events.slice(-2)).toEqual([
      { type: 'tool_approval', approval },
      expect.objectContaining({ type: 'end', messageId }),
    ]);
    expect(await messages.get('c1', messageId)).toMatchObject({
      status: 'complete',
      content: 'Let me look. ',
      toolApproval: { ...approval, round: 1, remaining: [{ id: 'r2', name: 'read', input: { path: 'c' } }] },
    });
  });

  it('allow once runs the call exactly once, then the rest of its round, and the reply goes on in the same message', async () => {
    const { chat, messages, model, ran } = setup([
      () =>
        callsTurn({ id: 'w1', name: 'write', input: { path: 'b' } }, { id: 'r2', name: 'read', input: {} }),
      () => textTurn('Done.'),
    ]);
    const { messageId } = await stream(chat, { ...base, triggerContent: 'Change b' });
    const resumed = await stream(chat, decide(messageId, 'allow_once'));
    expect(resumed.messageId).toBe(messageId);
    expect(ran).toEqual(['write', 'read']);
    expect(resumed.events.at(-1)).toMatchObject({ type: 'end', messageId, toolCallsCount: 2 });
    // The model sees its own turn again, with both results, as if it had never paused.
    expect(model.requests[1]?.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: 'Let me look. ',
        toolCalls: [
          { id: 'w1', name: 'write', input: { path: 'b' } },
          { id: 'r2', name: 'read', input: {} },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'w1',
        toolName: 'write',
        content: 'write did {"path":"b"}',
        isError: false,
      },
      { role: 'tool', toolCallId: 'r2', toolName: 'read', content: 'read did {}', isError: false },
    ]);
    expect(await messages.get('c1', messageId)).toMatchObject({
      status: 'complete',
      content: 'Let me look. Done.',
      toolApproval: { state: 'allow_once', decidedAt: 1 },
    });

    // A second decision (another tab, a reload) is refused before anything runs.
    await expect(chat.start(alice, decide(messageId, 'allow_once'))).rejects.toThrow(
      TOOL_APPROVAL_MESSAGES.alreadyDecided,
    );
    expect(ran).toEqual(['write', 'read']);
  });

  it('of two decisions at the same time, exactly one goes on', async () => {
    const { chat, ran } = setup([
      () => callsTurn({ id: 'w1', name: 'write', input: {} }),
      () => textTurn('Done.'),
      () => textTurn('Never asked for.'),
    ]);
    const { messageId } = await stream(chat, { ...base, triggerContent: 'Write' });
    const decisions = await Promise.allSettled([
      chat.start(alice, decide(messageId, 'allow_once')),
      chat.start(alice, decide(messageId, 'deny')),
    ]);
    const won = decisions.filter((decision) => decision.status === 'fulfilled');
    const lost = decisions.filter((decision) => decision.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof chat.start>>>).value.run(
      () => undefined,
    );
    expect(ran.length).toBeLessThanOrEqual(1);
  });

  it('deny runs nothing: the model reads the refusal and answers on', async () => {
    const { chat, messages, model, ran } = setup([
      () => callsTurn({ id: 'w1', name: 'write', input: {} }),
      () => textTurn('Understood, I will not write.'),
    ]);
    const { messageId } = await stream(chat, { ...base, triggerContent: 'Write' });
    const { events } = await stream(chat, decide(messageId, 'deny'));
    expect(ran).toEqual([]);
    expect(model.requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'w1',
      toolName: 'write',
      content: TOOL_APPROVAL_MESSAGES.denied,
      isError: true,
    });
    expect(events).toContainEqual({
      type: 'tool_error',
      toolCallId: 'w1',
      name: 'write',
      error: TOOL_APPROVAL_MESSAGES.denied,
    });
    expect(await messages.get('c1', messageId)).toMatchObject({
      content: 'Let me look. Understood, I will not write.',
      toolCalls: [{ id: 'w1', status: 'error', error: TOOL_APPROVAL_MESSAGES.denied }],
      toolApproval: { state: 'deny' },
    });
  });

  it("always allow writes the server's policy, then runs the call", async () => {
    const { chat, ran, allowedAlways } = setup([
      () => callsTurn({ id: 'w1', name: 'write', input: {} }),
      () => textTurn('Done.'),
    ]);
    const { messageId } = await stream(chat, { ...base, triggerContent: 'Write' });
    await stream(chat, decide(messageId, 'always_allow'));
    expect(allowedAlways).toEqual(['write']);
    expect(ran).toEqual(['write']);
  });

  it('refuses always allow to someone who may not change the policy, and leaves the call undecided', async () => {
    const { chat, messages, ran } = setup(
      [() => callsTurn({ id: 'w1', name: 'write', input: {} }), () => textTurn('Done.')],
      { forbidPolicy: true },
    );
    const { messageId } = await stream(chat, { ...base, triggerContent: 'Write' });
    await expect(chat.start(alice, decide(messageId, 'always_allow'))).rejects.toThrow(
      TOOL_APPROVAL_MESSAGES.policyForbidden,
    );
    expect(ran).toEqual([]);
    expect((await messages.get('c1', messageId))?.toolApproval?.state).toBe('pending');
    await stream(chat, decide(messageId, 'allow_once'));
    expect(ran).toEqual(['write']);
  });

  it('refuses a decision on a call the reply is not paused at, or once a message was sent since', async () => {
    const { chat } = setup([() => callsTurn({ id: 'w1', name: 'write', input: {} }), () => textTurn('Hi')]);
    const { messageId } = await stream(chat, { ...base, triggerContent: 'Write' });
    await expect(chat.start(alice, decide(messageId, 'allow_once', 'other'))).rejects.toThrow(
      TOOL_APPROVAL_MESSAGES.nothingToDecide,
    );
    await stream(chat, { ...base, triggerContent: 'Never mind' });
    await expect(chat.start(alice, decide(messageId, 'allow_once'))).rejects.toThrow(
      TOOL_APPROVAL_MESSAGES.nothingToDecide,
    );
  });
});
