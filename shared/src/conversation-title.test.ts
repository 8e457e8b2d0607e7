import { describe, expect, it } from 'vitest';
import { NEW_CONVERSATION_TITLE } from './constants/product';
import { FIRST_MESSAGE_TITLE_LENGTH, titleFromMessage } from './conversation-title';

describe('titleFromMessage', () => {
  it('takes a short first message as it is, on one line', () => {
    expect(titleFromMessage('  How do I\n  sort a list?  ')).toBe('How do I sort a list?');
  });

  it('cuts a long message at a word and marks the cut', () => {
    const title = titleFromMessage(
      'Explain the difference between processes and threads in operating systems please',
    );
    expect(title.length).toBeLessThanOrEqual(FIRST_MESSAGE_TITLE_LENGTH);
    expect(title).toBe('Explain the difference between processes and…');
  });

  it('falls back to the default title for blank text', () => {
    expect(titleFromMessage('   ')).toBe(NEW_CONVERSATION_TITLE);
  });
});
