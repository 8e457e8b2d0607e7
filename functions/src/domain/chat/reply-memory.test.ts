import { describe, expect, it } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import { createConversationService } from '../conversations/conversation-service.js';
import type { MemoryRecord } from '../memory/memory.js';
import { MEMORY_PROMPT_HEADING } from '../memory/memory-prompt.js';
import { createChatService } from './chat-service.js';

const alice = { userId: 'alice', email: 'a@example.com' };
const query = { conversationId: 'c1', provider: 'anthropic', model: 'm', triggerContent: 'Hi there' };
const facts = [{ factId: 'f1', text: 'I prefer TypeScript.', createdAt: 1, updatedAt: 1 }];

/** A reply in alice's conversation (in `teamId`'s space if given), with her memory as `memory`. */
async function requestOf(memory: MemoryRecord, options: { teamId?: string; teamAllows?: boolean } = {}) {
  let id = 0;
  const newId = () => String(++id).padStart(4, '0');
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const model = scriptedModel([() => textTurn('Hi')]);
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
  const started = await chat.start(alice, query);
  await started.run(() => undefined);
  return model.requests[0];
}

describe("a reply's system prompt and memory", () => {
  it('carries the facts after the conversation’s prompt when memory is on', async () => {
    expect((await requestOf({ enabled: true, facts }))?.system).toBe(
      `Be brief.\n\n${MEMORY_PROMPT_HEADING}\n- I prefer TypeScript.`,
    );
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
