import type { KnowledgePassage, StreamEvent } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { inMemoryConversations, inMemoryMessages } from '../../testing/in-memory-conversations.js';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import { createConversationService } from '../conversations/conversation-service.js';
import { SEARCH_KNOWLEDGE_TOOL } from '../knowledge/knowledge-tools.js';
import type { ModelStreamEvent } from '../models/model-provider.js';
import { createChatService } from './chat-service.js';
import { DOCUMENT_CONTEXT_HEADING } from './document-context.js';
import type { KnowledgeSource, ToolSet } from './ports.js';

const alice = { userId: 'alice', email: 'a@example.com' };

const passage = (chunkIndex: number): KnowledgePassage => ({
  collectionId: 'col-1',
  fileId: 'f-1',
  fileName: 'guide.md',
  chunkIndex,
  text: `Passage ${chunkIndex}`,
  location: { section: `Part ${chunkIndex}` },
  score: 1,
  matchedBy: ['keyword'],
});
const citation = (chunkIndex: number) => {
  const { score: _score, matchedBy: _matchedBy, ...cited } = passage(chunkIndex);
  return cited;
};

async function* callsTurn(...calls: { id: string; name: string; input: unknown }[]) {
  for (const toolCall of calls) yield { type: 'tool-call', toolCall } as ModelStreamEvent;
  yield {
    type: 'finish',
    reason: 'tool-calls',
    usage: { inputTokens: 1, outputTokens: 1 },
  } as ModelStreamEvent;
}

/** A chat whose conversation attaches `col-1`; the knowledge source finds chunk n for query "n". */
function setup(turns: Parameters<typeof scriptedModel>[0], readable = true) {
  let id = 0;
  const newId = () => String(++id).padStart(4, '0');
  const conversations = inMemoryConversations();
  const messages = inMemoryMessages();
  const model = scriptedModel(turns);
  const asked: { userId: string; collectionIds: readonly string[] }[] = [];
  const knowledge: KnowledgeSource = {
    searchFor: async (caller, collectionIds) => {
      asked.push({ userId: caller.userId, collectionIds });
      if (!readable) return undefined;
      return async (query) => ({ passages: [passage(Number(query))], mode: 'keyword' });
    },
  };
  // A server whose `write` asks for approval first.
  const set: ToolSet = {
    serverId: 'srv-1',
    definitions: [{ name: 'write', inputSchema: { type: 'object' } }],
    call: async () => ({ content: 'written', isError: false }),
    needsApproval: (name) => name === 'write',
  };
  const chat = createChatService({
    conversations: createConversationService({ conversations, messages, newId, now: () => 1 }),
    messages,
    models: { resolve: async (_user, _provider, name) => ({ provider: model.provider, model: name }) },
    usage: { recordTokens: async () => undefined },
    tools: { forServer: async () => set },
    knowledge,
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
    settings: { collectionIds: ['col-1'] },
    createdAt: 1,
    updatedAt: 1,
  });
  return { chat, messages, model, asked };
}

const base = { conversationId: 'c1', provider: 'anthropic', model: 'm' };

async function stream(chat: ReturnType<typeof setup>['chat'], query: Parameters<typeof chat.start>[1]) {
  const events: StreamEvent[] = [];
  const started = await chat.start(alice, query);
  await started.run((event) => events.push(event));
  return { events, messageId: started.messageId };
}

describe('knowledge in the chat', () => {
  it('offers search_knowledge beside the servers’ tools; its passages are the reply’s citations, numbered on after an approval', async () => {
    const { chat, messages, model, asked } = setup([
      () =>
        callsTurn(
          { id: 'k1', name: SEARCH_KNOWLEDGE_TOOL, input: { query: '1' } },
          { id: 'w1', name: 'write', input: {} },
        ),
      () => callsTurn({ id: 'k2', name: SEARCH_KNOWLEDGE_TOOL, input: { query: '2' } }),
      () => textTurn('See [1] and [2].'),
    ]);
    const paused = await stream(chat, { ...base, triggerContent: 'Look it up' });
    expect(asked).toEqual([{ userId: 'alice', collectionIds: ['col-1'] }]);
    expect(model.requests[0]?.tools?.map((tool) => tool.name)).toEqual(['write', SEARCH_KNOWLEDGE_TOOL]);
    expect(await messages.get('c1', paused.messageId)).toMatchObject({
      citations: [citation(1)],
      toolApproval: { toolCallId: 'w1', state: 'pending' },
    });
    expect(paused.events.at(-1)).toMatchObject({ type: 'end', citations: [citation(1)] });

    const resumed = await stream(chat, {
      ...base,
      approvalFor: paused.messageId,
      toolCallId: 'w1',
      decision: 'allow_once',
    });
    const second = model.requests[2]?.messages.at(-1);
    expect(second).toMatchObject({ role: 'tool', toolName: SEARCH_KNOWLEDGE_TOOL });
    expect(second?.content).toContain('[2] guide.md (Part 2)');
    expect(resumed.events.at(-1)).toMatchObject({ type: 'end', citations: [citation(1), citation(2)] });
    expect(await messages.get('c1', paused.messageId)).toMatchObject({
      content: 'See [1] and [2].',
      citations: [citation(1), citation(2)],
    });
  });

  it('offers no search_knowledge when none of the attached collections is readable, and the reply goes on', async () => {
    const { chat, messages, model } = setup(
      [
        () => callsTurn({ id: 'k1', name: SEARCH_KNOWLEDGE_TOOL, input: { query: '1' } }),
        () => textTurn('Nothing found.'),
      ],
      false,
    );
    const { events, messageId } = await stream(chat, { ...base, triggerContent: 'Look it up' });
    expect(model.requests[0]?.tools?.map((tool) => tool.name)).toEqual(['write']);
    expect(events.at(-1)).toMatchObject({ type: 'end' });
    const saved = await messages.get('c1', messageId);
    expect(saved?.citations).toBeUndefined();
    expect(saved?.toolCalls?.[0]).toMatchObject({ name: SEARCH_KNOWLEDGE_TOOL, status: 'error' });
  });

  it('starts a turn from the documents when the message asks (useDocuments): passages in the user turn, numbered as the citations', async () => {
    const { chat, messages, model } = setup([
      () => callsTurn({ id: 'k1', name: SEARCH_KNOWLEDGE_TOOL, input: { query: '4' } }),
      () => textTurn('See [1] and [2].'),
      () => textTurn('Plain.'),
    ]);
    const { events, messageId } = await stream(chat, {
      ...base,
      mcpServerIds: '',
      triggerContent: '3',
      useDocuments: 'true',
    });
    const turn = model.requests[0]?.messages.at(-1);
    expect(turn?.role).toBe('user');
    expect(turn?.content).toContain(DOCUMENT_CONTEXT_HEADING);
    expect(turn?.content).toContain('[1] guide.md (Part 3)\n<passage>\nPassage 3\n</passage>');
    expect(String(turn?.content).endsWith("The user's message:\n3")).toBe(true);
    // The tool's passages number on from the turn's.
    expect(model.requests[1]?.messages.at(-1)?.content).toContain('[2] guide.md (Part 4)');
    expect(events.at(-1)).toMatchObject({ type: 'end', citations: [citation(3), citation(4)] });
    expect(await messages.get('c1', messageId)).toMatchObject({ citations: [citation(3), citation(4)] });
    // The saved message is the user's text alone; without the choice, the next turn has no passages.
    const saved = await messages.listAll('c1');
    expect(saved.find((m) => m.role === 'user')?.content).toBe('3');
    await stream(chat, { ...base, mcpServerIds: '', triggerContent: '5' });
    expect(model.requests[2]?.messages.at(-1)?.content).toBe('5');
  });
});
