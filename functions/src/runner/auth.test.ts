import { describe, expect, it } from 'vitest';
import { isAuthorized } from './auth.js';

describe('isAuthorized', () => {
  const token = 'tok_3f9a8b7c6d5e4f3a2b1c';

  it('accepts exactly the bearer token', () => {
    expect(isAuthorized(`Bearer ${token}`, token)).toBe(true);
    expect(isAuthorized(`bearer ${token}`, token)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['empty header', ''],
    ['another scheme', `Basic ${token}`],
    ['the bare token', token],
    ['a prefix of the token', `Bearer ${token.slice(0, -1)}`],
    ['the token plus a character', `Bearer ${token}x`],
    ['another token of the same length', `Bearer ${'x'.repeat(token.length)}`],
    ['two tokens', `Bearer ${token} ${token}`],
    ['Bearer alone', 'Bearer '],
  ])('rejects %s', (_case, header) => {
    expect(isAuthorized(header, token)).toBe(false);
  });

  it('never accepts anything when no token is configured', () => {
    expect(isAuthorized('Bearer ', '')).toBe(false);
    expect(isAuthorized(undefined, '')).toBe(false);
  });
});
