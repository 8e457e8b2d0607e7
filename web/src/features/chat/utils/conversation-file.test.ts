import { type Conversation, MAX_TITLE_LENGTH } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  importBodyOf,
  importedTitle,
  NOT_AN_EXPORT,
  SHOWN_BRANCH_NOTE,
  toJson,
  toMarkdown,
} from './conversation-file';

const CONVERSATION: Conversation = {
  id: 'c1',
  userId: 'u1',
  title: 'Trip: Lisbon & Porto!',
  name: 'Trip: Lisbon & Porto!',
  createdAt: 1,
  updatedAt: 2,
  metadata: { defaultProvider: 'openai', defaultModel: 'gpt-5' },
  messages: [
    { id: 'm1', conversationId: 'c1', role: 'user', content: 'Plan two days', timestamp: 1 },
    {
      id: 'm2',
      conversationId: 'c1',
      role: 'assistant',
      content: 'Day 1: ...',
      model: 'gpt-5',
      timestamp: 2,
    },
    {
      id: 'm3',
      conversationId: 'c1',
      role: 'assistant',
      content: 'Error: boom',
      isError: true,
      timestamp: 3,
    },
  ],
};

describe('conversation files', () => {
  it('names the file after the title', () => {
    expect(exportFileName(CONVERSATION, 'md')).toBe('trip-lisbon-porto.md');
    expect(exportFileName({ title: '!!!' }, 'json')).toBe('conversation.json');
  });

  it('writes Markdown with each turn under who said it, without error messages', () => {
    expect(toMarkdown(CONVERSATION)).toBe(
      '# Trip: Lisbon & Porto!\n\n### You\n\nPlan two days\n\n### gpt-5\n\nDay 1: ...\n',
    );
  });

  it('reads its own JSON back as a new conversation body, its title marked as imported', () => {
    expect(importBodyOf(toJson(CONVERSATION))).toEqual({
      title: 'Trip: Lisbon & Porto! (imported)',
      name: 'Trip: Lisbon & Porto! (imported)',
      createdAt: 1,
      updatedAt: 2,
      metadata: CONVERSATION.metadata,
      messages: CONVERSATION.messages,
    });
  });

  it('says a Markdown export of a conversation with alternatives is the branch shown', () => {
    const [question, answer] = CONVERSATION.messages;
    if (!question || !answer) throw new Error('fixture');
    const branched = { ...CONVERSATION, messages: [question, { ...answer, siblingIds: ['m0', 'm2'] }] };
    expect(toMarkdown(branched)).toBe(
      `# Trip: Lisbon & Porto!\n\n${SHOWN_BRANCH_NOTE}\n\n### You\n\nPlan two days\n\n### gpt-5\n\nDay 1: ...\n`,
    );
  });

  it("keeps each message's parent in a JSON export and reads it back (the tree)", () => {
    const tree: Conversation = {
      ...CONVERSATION,
      messages: [
        { id: 'm1', conversationId: 'c1', role: 'user', content: 'Q', timestamp: 1, parentId: null },
        { id: 'm2', conversationId: 'c1', role: 'assistant', content: 'A', timestamp: 2, parentId: 'm1' },
        { id: 'm3', conversationId: 'c1', role: 'assistant', content: 'B', timestamp: 3, parentId: 'm1' },
      ],
    };
    const body = importBodyOf(toJson(tree));
    expect(body.messages?.map((m) => [m.id, m.parentId])).toEqual([
      ['m1', null],
      ['m2', 'm1'],
      ['m3', 'm1'],
    ]);
  });

  it('keeps a marked long title within the limit', () => {
    const title = importedTitle('x'.repeat(MAX_TITLE_LENGTH));
    expect(title).toHaveLength(MAX_TITLE_LENGTH);
    expect(title.endsWith('x (imported)')).toBe(true);
  });

  it('refuses a file that is not an export, and one over the limits, saying why', () => {
    expect(() => importBodyOf('not json')).toThrow(NOT_AN_EXPORT);
    expect(() => importBodyOf('{"hello":1}')).toThrow(NOT_AN_EXPORT);
    const huge = {
      ...CONVERSATION,
      messages: Array.from({ length: 5000 }, (_, i) => ({ ...CONVERSATION.messages[0], id: `m${i}` })),
    };
    expect(() => importBodyOf(JSON.stringify(huge))).toThrow(/At most \d+ messages/);
  });
});
