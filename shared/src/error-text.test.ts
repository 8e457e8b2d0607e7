import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { errorMessage, formatIssues } from './error-text';

describe('errorMessage', () => {
  it("is an Error's message, else the value as text", () => {
    expect(errorMessage(new TypeError('bad'))).toBe('bad');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});

describe('formatIssues', () => {
  it('names the path of each issue and joins them', () => {
    const result = z
      .object({ a: z.object({ b: z.string() }), c: z.number() })
      .refine(() => false, 'whole')
      .safeParse({ a: { b: 1 }, c: 'x' });
    expect(formatIssues(result.error?.issues ?? [])).toBe(
      'a.b: Invalid input: expected string, received number; c: Invalid input: expected number, received string',
    );
    expect(formatIssues([{ path: [], message: 'whole' }])).toBe('whole');
  });
});
