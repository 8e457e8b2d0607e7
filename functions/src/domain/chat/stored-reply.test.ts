import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTooLong, MAX_STORED_REPLY_BYTES } from './stored-reply.js';

describe('a reply too long to store', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is told by its UTF-8 bytes, whatever the characters', () => {
    expect(isTooLong('a'.repeat(MAX_STORED_REPLY_BYTES))).toBe(false);
    expect(isTooLong('a'.repeat(MAX_STORED_REPLY_BYTES + 1))).toBe(true);
    // '€' is 3 bytes in one code unit, the emoji 4 bytes in two.
    const euros = Math.floor(MAX_STORED_REPLY_BYTES / 3);
    expect(isTooLong('€'.repeat(euros))).toBe(false);
    expect(isTooLong(`${'€'.repeat(euros)}ab`)).toBe(true);
    expect(isTooLong('😀'.repeat(MAX_STORED_REPLY_BYTES / 4))).toBe(false);
    expect(isTooLong(`${'😀'.repeat(MAX_STORED_REPLY_BYTES / 4)}a`)).toBe(true);
  });

  it('is not measured byte by byte on each delta while the reply is short', () => {
    const byteLength = vi.spyOn(Buffer, 'byteLength');
    let reply = '';
    for (let delta = 0; delta < 1_000; delta++) {
      reply += 'word ';
      expect(isTooLong(reply)).toBe(false);
    }
    expect(byteLength).not.toHaveBeenCalled();
  });
});
