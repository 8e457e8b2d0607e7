import { describe, expect, it } from 'vitest';
import { OutputTail } from './output-tail.js';

describe('OutputTail', () => {
  it('keeps the last lines across chunk boundaries, masking the secrets', () => {
    const tail = new OutputTail(['sk-live-123456', 'abc'], 3);
    expect(tail.push('one\ntw')).toEqual(['one']);
    expect(tail.push('o\nkey=sk-live-123456\n\nfour\nfi')).toEqual(['two', 'key=***', 'four']);
    expect(tail.text()).toBe('two\nkey=***\nfour\nfi');
    // Values shorter than 4 characters are not masked (they would mask ordinary words).
    expect(tail.mask('abc sk-live-123456')).toBe('abc ***');
  });
});
