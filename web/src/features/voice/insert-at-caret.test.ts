import { describe, expect, it } from 'vitest';
import { insertAtCaret } from './insert-at-caret';

describe('insertAtCaret', () => {
  it('puts a phrase into an empty box', () => {
    expect(insertAtCaret('', 0, 0, 'hello')).toEqual({ value: 'hello', caret: 5 });
  });

  it('spaces it from the words on either side', () => {
    expect(insertAtCaret('ab', 1, 1, 'X')).toEqual({ value: 'a X b', caret: 3 });
    expect(insertAtCaret('a b', 2, 2, 'X')).toEqual({ value: 'a X b', caret: 3 });
  });

  it('adds no space before punctuation or after a newline', () => {
    expect(insertAtCaret('Hi.', 2, 2, 'there')).toEqual({ value: 'Hi there.', caret: 8 });
    expect(insertAtCaret('line\n', 5, 5, 'next')).toEqual({ value: 'line\nnext', caret: 9 });
  });

  it('replaces the selection', () => {
    expect(insertAtCaret('one two three', 4, 7, '2')).toEqual({ value: 'one 2 three', caret: 5 });
  });
});
