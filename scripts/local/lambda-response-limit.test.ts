import { describe, expect, it } from 'vitest';
import { MAX_LAMBDA_RESPONSE_BYTES, proxyResponseOf } from './lambda-response-limit.js';

/** A 200 result whose serialized form is exactly `bytes` long. */
function resultOf(bytes: number) {
  const empty = { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: '' };
  return { ...empty, body: 'x'.repeat(bytes - JSON.stringify(empty).length) };
}

describe('proxyResponseOf (the local API Gateway in front of a buffered Lambda)', () => {
  it("passes a result of up to Lambda's 6,291,556 bytes", () => {
    const response = proxyResponseOf(resultOf(MAX_LAMBDA_RESPONSE_BYTES));
    expect(response.statusCode).toBe(200);
    expect(response.body).toHaveLength(resultOf(MAX_LAMBDA_RESPONSE_BYTES).body.length);
  });

  it('answers 502 with the generic body, as API Gateway does, for a larger one', () => {
    const response = proxyResponseOf(resultOf(MAX_LAMBDA_RESPONSE_BYTES + 1));
    expect(response).toMatchObject({ tooLarge: true, statusCode: 502 });
    expect(JSON.parse(String(response.body))).toEqual({ message: 'Internal server error' });
  });

  it('counts the body as serialized in the result: escapes count twice', () => {
    // 1.6 M quotes: 1.6 MB of body, but each is \" in the result's JSON (2 bytes)... and the
    // body's own JSON had them escaped already: the page a handler returns grows twice over.
    const body = JSON.stringify({ text: '"'.repeat(1_600_000) });
    expect(body.length).toBeLessThan(MAX_LAMBDA_RESPONSE_BYTES);
    expect(proxyResponseOf({ statusCode: 200, body }).statusCode).toBe(502);
  });

  it('decodes a base64 body', () => {
    const response = proxyResponseOf({
      statusCode: 200,
      body: Buffer.from('hi').toString('base64'),
      isBase64Encoded: true,
    });
    expect(String(response.body)).toBe('hi');
  });
});
