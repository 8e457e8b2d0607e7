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

describe('OutputTail masking on the raw stream', () => {
  const secret = 'line-one-secret\nline-two "quoted" / value+';

  it.each([
    ['as is, across lines and chunks', secret],
    ['JSON-escaped', JSON.stringify({ token: secret })],
    ['URL-encoded', `https://x.example/?t=${encodeURIComponent(secret)}`],
    ['base64', Buffer.from(`prefix:${secret}:suffix`).toString('base64')],
    ['base64url', Buffer.from(`xy${secret}`).toString('base64url')],
  ])('masks a secret written %s', (_how, output) => {
    const tail = new OutputTail([secret]);
    const emitted: string[] = [];
    // Fed a few characters at a time, so the value straddles chunk boundaries.
    for (let at = 0; at < output.length; at += 5) emitted.push(...tail.push(output.slice(at, at + 5)));
    emitted.push(...tail.push('\nend\n'));
    const everything = `${emitted.join('\n')}\n${tail.text()}`;
    expect(everything).toContain('***');
    for (const part of ['line-one-secret', 'line-two "quoted"', 'quoted\\" / value+']) {
      expect(everything).not.toContain(part);
    }
    expect(everything).not.toContain(Buffer.from(secret).toString('base64').slice(4, 20));
  });
});
