import { describe, expect, it } from 'vitest';
import { cappedFetch } from './capped-fetch.js';

const answering = (body: string, headers: Record<string, string> = {}) =>
  (async () => new Response(body, { headers })) as unknown as typeof fetch;

describe('cappedFetch', () => {
  it('passes an answer within the cap whole', async () => {
    const response = await cappedFetch(answering('x'.repeat(100)), 100)('https://mcp.example.com');
    expect(await response.text()).toBe('x'.repeat(100));
  });

  it('refuses an answer that declares more than the cap, before reading it', async () => {
    const fetcher = cappedFetch(answering('x'.repeat(10), { 'content-length': '5000000' }), 1_048_576);
    await expect(fetcher('https://mcp.example.com')).rejects.toThrow('passed 1 MB and was cut off');
  });

  it('cuts off a body that grows past the cap as it is read (an undeclared or SSE one)', async () => {
    const response = await cappedFetch(
      answering('x'.repeat(2_000_000)),
      1_048_576,
    )('https://mcp.example.com');
    await expect(response.text()).rejects.toThrow('passed 1 MB and was cut off');
  });
});
