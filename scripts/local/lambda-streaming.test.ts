import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import middy from '@middy/core';
import { executionModeStreamifyResponse } from '@middy/core/StreamifyResponse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAwsLambdaGlobal, invokeStreaming, isStreamingHandler } from './lambda-streaming.js';
import { close, listen } from './net.js';

installAwsLambdaGlobal();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A handler written as the product's stream route will be: middy in streamify mode, returning a Readable.
const handler = middy({ executionMode: executionModeStreamifyResponse }).handler(async () => ({
  statusCode: 200,
  headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
  body: Readable.from(
    (async function* () {
      for (let i = 0; i < 3; i++) {
        yield `event: message_delta\ndata: {"chunk":"${i}"}\n\n`;
        await sleep(150);
      }
    })(),
  ),
}));

let url = '';
const server = createServer((_req, res) => {
  if (!isStreamingHandler(handler)) throw new Error('not streamified');
  void invokeStreaming(handler, {}, res, {});
});

beforeAll(async () => {
  url = `http://127.0.0.1:${await listen(server, 0)}`;
});
afterAll(() => close(server));

describe('local awslambda streaming emulation', () => {
  it('marks middy streamify handlers as streaming', () => {
    expect(isStreamingHandler(handler)).toBe(true);
  });

  it('sends the status and headers, then each frame as it is written (not buffered)', async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');

    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const arrivals: { at: number; text: string }[] = [];
    const start = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push({ at: performance.now() - start, text: decoder.decode(value) });
    }
    const text = arrivals.map((a) => a.text).join('');
    expect(text.match(/event: message_delta/g)).toHaveLength(3);
    // Frames written 150 ms apart arrive apart: a buffering emulation would deliver one block at the end.
    const firstFrameAt = arrivals.find((a) => a.text.includes('"chunk":"0"'))?.at ?? Number.POSITIVE_INFINITY;
    const lastFrameAt = arrivals.find((a) => a.text.includes('"chunk":"2"'))?.at ?? 0;
    expect(lastFrameAt - firstFrameAt).toBeGreaterThan(200);
  });
});
