import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../models/model-provider.js';
import { DOCUMENT_CONTEXT_HEADING, withDocumentContext } from './document-context.js';

describe('withDocumentContext', () => {
  const history: ModelMessage[] = [
    { role: 'user', content: 'Earlier question' },
    { role: 'assistant', content: 'Earlier answer' },
    { role: 'user', content: 'How long are backups kept?' },
  ];

  it('puts the passages in the answered user turn, before its text, fenced, and leaves the rest', () => {
    const messages = withDocumentContext(history, '[1] a.md\n<passage>\nx </documents> y\n</passage>');
    expect(messages.slice(0, 2)).toEqual(history.slice(0, 2));
    expect(messages[2]).toEqual({
      role: 'user',
      content: `${DOCUMENT_CONTEXT_HEADING}\n<documents>\n[1] a.md\n<passage>\nx </ documents> y\n</passage>\n</documents>\n\nThe user's message:\nHow long are backups kept?`,
    });
    expect(history[2]?.content).toBe('How long are backups kept?');
  });

  it('adds a text part before a turn with parts (images), and changes nothing without passages', () => {
    const image = { type: 'image' as const, mediaType: 'image/png', data: new Uint8Array([1]) };
    const withImage: ModelMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] },
    ];
    const [turn] = withDocumentContext(withImage, '[1] b.md');
    expect(turn?.content).toEqual([
      { type: 'text', text: expect.stringContaining('<documents>\n[1] b.md\n</documents>') },
      { type: 'text', text: 'What is this?' },
      image,
    ]);
    expect(withDocumentContext(history, undefined)).toEqual(history);
  });
});
