import {
  encodeStreamEvent,
  STREAM_ERROR_MESSAGES,
  type StreamCompletionResult,
  type StreamEvent,
} from '@agentforge/shared';
import { describe, expect, it, vi } from 'vitest';
import { type StreamCallbacks, type StreamOptions, type StreamSideEvent, streamReply } from './stream-client';
import type { StreamError } from './stream-error';

const QUERY = { conversationId: 'c-1', provider: 'custom:k1', model: 'llama3.2:latest' };
const END: StreamEvent = {
  type: 'end',
  status: 'completed',
  messageId: 'm-9',
  provider: 'custom:k1',
  model: 'llama3.2:latest',
  timestamp: 1_700_000_000_000,
  toolCallsCount: 0,
};

/** The text cut into pieces of `size` bytes: frames, JSON and multi-byte characters split anywhere. */
function bytesIn(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.slice(i, i + size));
  return pieces;
}

function sseResponse(text: string, size = 7): Response {
  const pieces = bytesIn(text, size);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

const frames = (...events: StreamEvent[]) => events.map(encodeStreamEvent).join('');

function callbacks() {
  return {
    onData: vi.fn<(chunk: string) => void>(),
    onError: vi.fn<(error: StreamError) => void>(),
    onEnd: vi.fn<(result: StreamCompletionResult) => void>(),
    onStatus: vi.fn<(status: string, messageId: string | undefined) => void>(),
    onEvent: vi.fn<(event: StreamSideEvent) => void>(),
  };
}

function options(response: Response | (() => Promise<Response>), extra: StreamOptions = {}) {
  const fetchImpl = vi.fn<typeof fetch>(typeof response === 'function' ? response : async () => response);
  return {
    fetchImpl,
    options: {
      fetch: fetchImpl,
      getToken: async () => 'id-token',
      config: {
        streamUrl: 'http://api.test/api/messages/generate-stream',
        streamAuthHeader: 'Authorization',
      },
      ...extra,
    } satisfies StreamOptions,
  };
}

describe('streamReply', () => {
  it('requires data, error and end callbacks', () => {
    const partial = { onData: vi.fn(), onEnd: vi.fn() } as unknown as StreamCallbacks;
    expect(() => streamReply(QUERY, partial)).toThrow(STREAM_ERROR_MESSAGES.callbacksRequired);
  });

  it('sends the query and the bearer ID token, and hands over chunks split at any byte', async () => {
    const text =
      ': ping\n\n' +
      frames(
        { type: 'status', status: 'streaming', messageId: 'm-9' },
        { type: 'message_delta', chunk: 'Héllo 👋' },
        { type: 'message_delta', chunk: ' wörld' },
        END,
      );
    for (const size of [1, 3, 7, 64]) {
      const cb = callbacks();
      const { fetchImpl, options: opts } = options(sseResponse(text, size));
      await streamReply({ ...QUERY, triggerContent: 'hi there' }, cb, opts);

      const [url, init] = fetchImpl.mock.calls[0] ?? [];
      const params = new URL(String(url)).searchParams;
      expect(params.get('conversationId')).toBe('c-1');
      expect(params.get('triggerContent')).toBe('hi there');
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token');
      expect(cb.onStatus).toHaveBeenCalledWith('streaming', 'm-9', undefined); // no server: not a `connecting`
      expect(cb.onData.mock.calls.map(([chunk]) => chunk).join('')).toBe('Héllo 👋 wörld');
      expect(cb.onEnd).toHaveBeenCalledExactlyOnceWith({
        status: 'completed',
        messageId: 'm-9',
        provider: 'custom:k1',
        model: 'llama3.2:latest',
        timestamp: 1_700_000_000_000,
        toolCallsCount: 0,
      });
      expect(cb.onError).not.toHaveBeenCalled();
    }
  });

  it('sends the bare token in X-Id-Token when configured so', async () => {
    const { fetchImpl, options: opts } = options(sseResponse(frames(END)), {
      config: { streamUrl: 'http://cdn.test/stream', streamAuthHeader: 'X-Id-Token' },
    });
    await streamReply(QUERY, callbacks(), opts);
    const headers = new Headers(fetchImpl.mock.calls[0]?.[1]?.headers);
    expect(headers.get('X-Id-Token')).toBe('id-token');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('finishes once and ignores everything after the end', async () => {
    const cb = callbacks();
    const text = frames(END, { type: 'message_delta', chunk: 'late' }, { type: 'error', message: 'late' });
    await streamReply(QUERY, cb, options(sseResponse(text)).options);
    expect(cb.onEnd).toHaveBeenCalledOnce();
    expect(cb.onData).not.toHaveBeenCalled();
    expect(cb.onError).not.toHaveBeenCalled();
  });

  it("finishes on a 'complete' status with a messageId", async () => {
    const cb = callbacks();
    await streamReply(
      QUERY,
      cb,
      options(sseResponse(frames({ type: 'status', status: 'complete', messageId: 'm-2' }))).options,
    );
    expect(cb.onEnd).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'completed', messageId: 'm-2', provider: 'custom:k1' }),
    );
  });

  it("reports an 'end' event without its metadata", async () => {
    const cb = callbacks();
    const text = `event: end\ndata: ${JSON.stringify({ type: 'end', status: 'completed', messageId: 'm-1' })}\n\n`;
    await streamReply(QUERY, cb, options(sseResponse(text)).options);
    expect(cb.onError.mock.calls[0]?.[0].message).toBe("Stream 'end' event missing essential metadata");
    expect(cb.onEnd).not.toHaveBeenCalled();
  });

  it('reports a stream that ends without a completion signal', async () => {
    const cb = callbacks();
    await streamReply(
      QUERY,
      cb,
      options(sseResponse(frames({ type: 'message_delta', chunk: 'half' }))).options,
    );
    expect(cb.onData).toHaveBeenCalledWith('half');
    expect(cb.onError.mock.calls[0]?.[0].message).toBe('Stream ended unexpectedly without completion signal');
  });

  it('reports a non-2xx answer with its message and status', async () => {
    const cb = callbacks();
    const response = new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Conversation not found' }), {
      status: 404,
    });
    await streamReply(QUERY, cb, options(response).options);
    const error = cb.onError.mock.calls[0]?.[0];
    expect(error?.message).toBe('Streaming failed: Conversation not found (Status: 404)');
    expect(error).toMatchObject({ kind: 'http', status: 404, apiMessage: 'Conversation not found' });
  });

  it('reports frames that are not valid stream events', async () => {
    for (const bad of [
      'data: {not json\n\n',
      `data: ${JSON.stringify({ type: 'message_delta' })}\n\n`,
      'data: 42\n\n',
    ]) {
      const cb = callbacks();
      await streamReply(QUERY, cb, options(sseResponse(bad)).options);
      expect(cb.onError.mock.calls[0]?.[0].message).toBe('Received invalid data format from server.');
    }
  });

  it('skips event types it does not know yet', async () => {
    const cb = callbacks();
    const text = `data: ${JSON.stringify({ type: 'usage_report', tokens: 3 })}\n\n${frames(END)}`;
    await streamReply(QUERY, cb, options(sseResponse(text)).options);
    expect(cb.onEnd).toHaveBeenCalledOnce();
    expect(cb.onError).not.toHaveBeenCalled();
  });

  it("passes on the backend's error event", async () => {
    const cb = callbacks();
    await streamReply(
      QUERY,
      cb,
      options(sseResponse(frames({ type: 'error', message: 'Model not found' }))).options,
    );
    expect(cb.onError.mock.calls[0]?.[0].message).toBe('Model not found');
  });

  it('hands tool events to onEvent', async () => {
    const cb = callbacks();
    const toolCall: StreamEvent = { type: 'tool_call', toolCallId: 't1', name: 'search', input: { q: 'x' } };
    await streamReply(QUERY, cb, options(sseResponse(frames(toolCall, END))).options);
    expect(cb.onEvent).toHaveBeenCalledWith(toolCall);
  });

  it('reports a request that cannot be made as a failure to initiate', async () => {
    const cb = callbacks();
    await streamReply(QUERY, cb, options(() => Promise.reject(new TypeError('Failed to fetch'))).options);
    expect(cb.onError.mock.calls[0]?.[0]).toMatchObject({
      kind: 'initiate',
      message: 'Failed to initiate stream',
    });
  });

  it('ends quietly when aborted', async () => {
    const cb = callbacks();
    const abort = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(frames({ type: 'message_delta', chunk: 'a' })));
        abort.signal.addEventListener('abort', () =>
          controller.error(new DOMException('Aborted', 'AbortError')),
        );
      },
    });
    cb.onData.mockImplementation(() => abort.abort());
    await streamReply(QUERY, cb, options(new Response(body), { signal: abort.signal }).options);
    expect(cb.onData).toHaveBeenCalledOnce();
    expect(cb.onError).not.toHaveBeenCalled();
    expect(cb.onEnd).not.toHaveBeenCalled();
  });
});

describe("streamReply: a new conversation's title", () => {
  const TITLE: StreamEvent = { type: 'conversation_title', conversationId: 'c-1', title: 'Trip to Lisbon' };

  it('ends the reply at its end, then reads on to the title that follows it', async () => {
    const cb = { ...callbacks(), onTitle: vi.fn<(title: string, conversationId: string) => void>() };
    const order: string[] = [];
    cb.onEnd.mockImplementation(() => void order.push('end'));
    cb.onTitle.mockImplementation(() => void order.push('title'));
    const { options: opts } = options(
      sseResponse(frames({ type: 'message_delta', chunk: 'Hi' }, END, TITLE)),
    );
    await streamReply(QUERY, cb, opts);
    expect(order).toEqual(['end', 'title']);
    expect(cb.onTitle).toHaveBeenCalledWith('Trip to Lisbon', 'c-1');
    expect(cb.onError).not.toHaveBeenCalled();
  });

  it('ignores a title before the end, and stops at the end without a title callback', async () => {
    const cb = { ...callbacks(), onTitle: vi.fn<(title: string, conversationId: string) => void>() };
    await streamReply(QUERY, cb, options(sseResponse(frames(TITLE, END))).options);
    expect(cb.onTitle).not.toHaveBeenCalled();
    expect(cb.onEnd).toHaveBeenCalledTimes(1);

    const plain = callbacks();
    await streamReply(QUERY, plain, options(sseResponse(frames(END, TITLE))).options);
    expect(plain.onEvent).not.toHaveBeenCalled();
    expect(plain.onEnd).toHaveBeenCalledTimes(1);
  });
});
