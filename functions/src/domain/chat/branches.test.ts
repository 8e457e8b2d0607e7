import { describe, expect, it } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import { createConversationService } from '../conversations/conversation-service.js';
import { NotFoundError } from '../errors.js';
import { createChatService } from './chat-service.js';

const alice = { userId: 'alice', email: 'a@example.com' };
const base = { conversationId: 'c1', provider: 'anthropic', model: 'm' };

function setup(replies: string[]) {
  let id = 0;
  const newId = () => String(++id).padStart(4, '0');
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const model = scriptedModel(replies.map((text) => () => textTurn(text)));
  const service = createConversationService({ conversations, messages, newId, now: () => 1 });
  const chat = createChatService({
    conversations: service,
    messages,
    models: { resolve: async (_user, _provider, name) => ({ provider: model.provider, model: name }) },
    usage: { recordTokens: async () => undefined },
    newId,
    now: () => 1,
  });
  conversations.records.set('alice/c1', {
    userId: 'alice',
    conversationId: 'c1',
    name: 'n',
    title: 't',
    metadata: { defaultProvider: 'anthropic', defaultModel: 'm' },
    createdAt: 1,
    updatedAt: 1,
  });
  const reply = async (query: Record<string, string> = {}) => {
    const started = await chat.start(alice, { ...base, ...query });
    await started.run(() => undefined);
    return started.messageId;
  };
  const send = async (content: string, parentId?: string | null) => {
    const saved = await service.addMessage(alice, {
      ...base,
      content,
      role: 'user',
      ...(parentId === undefined ? {} : { parentId }),
    });
    await reply();
    return saved.id;
  };
  const shown = async () =>
    (await service.listMessages(alice, 'c1', { limit: 50, order: 'oldest' })).messages.map(
      ({ content, siblingIds }) => (siblingIds ? `${content} (${siblingIds.length})` : content),
    );
  return { service, model, messages, reply, send, shown };
}

describe('branches instead of overwrites', () => {
  it('regenerates twice into three siblings, switches, continues on a branch and keeps the other', async () => {
    const { service, model, messages, reply, send, shown } = setup(['A1', 'A2', 'A3', 'B', 'C']);
    await send('Question');
    const first = (await service.listMessages(alice, 'c1', { limit: 50 })).messages[1]?.id ?? '';
    const second = await reply({ replaceFrom: first });
    const third = await reply({ replaceFrom: second });
    expect(await shown()).toEqual(['Question', 'A3 (3)']);
    // The model saw only the question each time, never an earlier alternative.
    expect(model.requests.map((request) => request.messages.length)).toEqual([1, 1, 1]);

    await service.selectBranch(alice, 'c1', first);
    expect(await shown()).toEqual(['Question', 'A1 (3)']);
    await send('Follow-up');
    expect(await shown()).toEqual(['Question', 'A1 (3)', 'Follow-up', 'B']);
    expect(model.requests[3]?.messages.map((m) => m.content)).toEqual(['Question', 'A1', 'Follow-up']);

    // The other branches are intact, and each is shown with its own continuation.
    await service.selectBranch(alice, 'c1', third);
    expect(await shown()).toEqual(['Question', 'A3 (3)']);
    expect((await messages.listAll('c1')).map((m) => m.content)).toEqual([
      'Question',
      'A1',
      'A2',
      'A3',
      'Follow-up',
      'B',
    ]);
    await service.selectBranch(alice, 'c1', first);
    expect(await shown()).toEqual(['Question', 'A1 (3)', 'Follow-up', 'B']);
    await expect(service.selectBranch(alice, 'c1', 'nope')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.selectBranch({ userId: 'mallory', email: '' }, 'c1', first)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('edits and resends as a sibling of the edited message, the old turns kept as a branch', async () => {
    const { service, model, send, shown } = setup(['A', 'B', 'C']);
    const question = await send('Question');
    await send('Second');
    await send('Edited first', null);
    expect(await shown()).toEqual(['Edited first (2)', 'C']);
    expect(model.requests.at(-1)?.messages.map((m) => m.content)).toEqual(['Edited first']);
    await service.selectBranch(alice, 'c1', question);
    expect(await shown()).toEqual(['Question (2)', 'A', 'Second', 'B']);
  });

  it('reads a conversation written before branches (no parent ids) as one chain and goes on after it', async () => {
    const { messages, send, shown } = setup(['Later']);
    for (const [n, content] of ['Old question', 'Old answer'].entries()) {
      await messages.create({
        conversationId: 'c1',
        messageId: `0000${n}`,
        userId: 'alice',
        role: n === 0 ? 'user' : 'assistant',
        content,
        status: 'complete',
        timestamp: n,
      });
    }
    await send('New question');
    expect(await shown()).toEqual(['Old question', 'Old answer', 'New question', 'Later']);
  });
});
