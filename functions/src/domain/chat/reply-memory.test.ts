import { MEMORY_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import { createConversationService } from '../conversations/conversation-service.js';
import type { MemoryRecord } from '../memory/memory.js';
import { MEMORY_PROMPT_HEADING } from '../memory/memory-prompt.js';
import { REMEMBER_PROPOSED, REMEMBER_TOOL } from '../memory/remember-tool.js';
import { createChatService } from './chat-service.js';
import { ARTIFACT_CONVENTION } from './reply-system.js';

const alice = { userId: 'alice', email: 'a@example.com' };
const query = { conversationId: 'c1', provider: 'anthropic', model: 'm', triggerContent: 'Hi there' };
const facts = [{ factId: 'f1', text: 'I prefer TypeScript.', createdAt: 1, updatedAt: 1 }];

type Options = {
  teamId?: string;
  teamAllows?: boolean;
  turns?: Parameters<typeof scriptedModel>[0];
  trigger?: string;
};

/** A reply in alice's conversation (in `teamId`'s space if given), with her memory as `memory`. */
async function replyWith(memory: MemoryRecord, options: Options = {}) {
  let id = 0;
  const newId = () => String(++id).padStart(4, '0');
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const model = scriptedModel(options.turns ?? [() => textTurn('Hi')]);
  const chat = createChatService({
    conversations: createConversationService({ conversations, messages, newId, now: () => 1 }),
    messages,
    models: { resolve: async (_user, _provider, name) => ({ provider: model.provider, model: name }) },
    usage: { recordTokens: async () => undefined },
    memory: {
      get: async (userId) => (userId === 'alice' ? memory : { enabled: false, facts: [] }),
      teamAllows: async () => options.teamAllows ?? false,
    },
    newId,
    now: () => 1,
  });
  conversations.records.set('alice/c1', {
    userId: 'alice',
    conversationId: 'c1',
    name: 'n',
    title: 't',
    metadata: { defaultProvider: 'anthropic', defaultModel: 'm' },
    settings: { systemPrompt: 'Be brief.' },
    ...(options.teamId ? { teamId: options.teamId } : {}),
    createdAt: 1,
    updatedAt: 1,
  });
  const started = await chat.start(alice, {
    ...query,
    triggerContent: options.trigger ?? query.triggerContent,
  });
  await started.run(() => undefined);
  const reply = (await messages.listAll('c1')).find((m) => m.messageId === started.messageId);
  return { requests: model.requests, reply };
}

const requestOf = async (memory: MemoryRecord, options: Options = {}) =>
  (await replyWith(memory, options)).requests[0];

async function* toolTurn(name: string, input: unknown) {
  yield { type: 'tool-call' as const, toolCall: { id: 'call-1', name, input } };
  yield {
    type: 'finish' as const,
    reason: 'tool-calls' as const,
    usage: { inputTokens: 1, outputTokens: 1 },
  };
}

describe("a reply's system prompt and memory", () => {
  it('carries the facts after the conversation’s prompt when memory is on', async () => {
    expect((await requestOf({ enabled: true, facts }))?.system).toBe(
      `Be brief.\n\n${MEMORY_PROMPT_HEADING}\n- I prefer TypeScript.`,
    );
  });

  it('carries the artifact convention first on a turn that asks for an artifact, and only there', async () => {
    const off = { enabled: false, facts };
    expect((await requestOf(off, { trigger: 'Draw the flow as a mermaid diagram' }))?.system).toBe(
      `${ARTIFACT_CONVENTION}\n\nBe brief.`,
    );
    expect((await requestOf(off))?.system).toBe('Be brief.');
  });

  it('carries nothing of memory when it is off', async () => {
    expect((await requestOf({ enabled: false, facts }))?.system).toBe('Be brief.');
  });

  it("carries nothing in a team's space unless the team allows memory", async () => {
    const on = { enabled: true, facts };
    expect((await requestOf(on, { teamId: 't1' }))?.system).toBe('Be brief.');
    expect((await requestOf(on, { teamId: 't1', teamAllows: true }))?.system).toContain(
      'I prefer TypeScript.',
    );
  });
});

describe('the remember tool', () => {
  const toolNames = (request: { tools?: { name: string }[] } | undefined) =>
    request?.tools?.map((tool) => tool.name) ?? [];

  it('is offered while memory applies, and not when it is off or not allowed in the team space', async () => {
    expect(toolNames(await requestOf({ enabled: true, facts: [] }))).toEqual([REMEMBER_TOOL]);
    expect(toolNames(await requestOf({ enabled: false, facts }))).toEqual([]);
    expect(toolNames(await requestOf({ enabled: true, facts }, { teamId: 't1' }))).toEqual([]);
  });

  it('makes a proposal, saved on the reply for the user to approve, and writes nothing', async () => {
    const { requests, reply } = await replyWith(
      { enabled: true, facts: [] },
      { turns: [() => toolTurn(REMEMBER_TOOL, { fact: 'I prefer TypeScript.' }), () => textTurn('Noted.')] },
    );
    expect(reply?.toolCalls).toEqual([
      expect.objectContaining({
        name: REMEMBER_TOOL,
        status: 'success',
        input: { fact: 'I prefer TypeScript.' },
        result: REMEMBER_PROPOSED,
      }),
    ]);
    expect(reply?.toolCalls?.[0]).not.toHaveProperty('serverId');
    expect(requests[1]?.messages.at(-1)).toMatchObject({ role: 'tool', content: REMEMBER_PROPOSED });
    expect(reply?.content).toBe('Noted.');
  });

  it('refuses a fact past the limit as the tool’s error (the model reads why)', async () => {
    const { reply } = await replyWith(
      { enabled: true, facts: [] },
      { turns: [() => toolTurn(REMEMBER_TOOL, { fact: 'x'.repeat(301) }), () => textTurn('Too long.')] },
    );
    expect(reply?.toolCalls?.[0]).toMatchObject({ status: 'error' });
    expect(reply?.toolCalls?.[0]?.error).toContain(MEMORY_MESSAGES.factTooLong);
  });
});
