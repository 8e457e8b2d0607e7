import { encodeStreamEvent, type RuntimeConfig, type StreamEvent } from '@agentforge/shared';
import { afterEach, beforeEach, vi } from 'vitest';

/** The runtime configuration the fake serves (mock `getRuntimeConfig` with it). */
export const TEST_CONFIG: RuntimeConfig = {
  stage: 'test',
  region: 'us-east-1',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  apiBaseUrl: 'http://api.test/api',
  streamUrl: 'http://stream.test/api/messages/generate-stream',
  streamAuthHeader: 'Authorization',
};

/** A request the page made. */
export type SeenRequest = { method: string; url: URL; path: string; body: unknown; headers: Headers };

/** An event stream the page opened, driven by the test. */
export type FakeStream = SeenRequest & {
  query: Record<string, string>;
  send: (...events: StreamEvent[]) => void;
  close: () => void;
};

type Answer = (request: SeenRequest, match: RegExpMatchArray) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The product API and its event streams at the fetch level: `answer` routes `METHOD /path` (a
 * regular expression on the path after /api) to a response; an unanswered request is a 404. An
 * unanswered GET on a stream route opens a {@link FakeStream} the test writes to.
 */
export function fakeHttp() {
  const routes: { method: string; path: RegExp; answer: Answer }[] = [];
  const requests: SeenRequest[] = [];
  const streams: FakeStream[] = [];
  const streamPaths: RegExp[] = [];

  async function handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const path = url.pathname.replace(/^\/api/, '');
    const request: SeenRequest = {
      method,
      url,
      path,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    for (const route of [...routes].reverse()) {
      const match = route.method === method ? path.match(route.path) : null;
      if (match) return route.answer(request, match);
    }
    if (method === 'GET' && streamPaths.some((pattern) => pattern.test(path))) {
      return openStream(request, init.signal ?? undefined);
    }
    return json({ message: `No fake for ${method} ${path}` }, 404);
  }

  function openStream(request: SeenRequest, signal: AbortSignal | undefined): Response {
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    signal?.addEventListener('abort', () => {
      if (closed) return;
      closed = true;
      controller.error(new DOMException('Aborted', 'AbortError'));
    });
    streams.push({
      ...request,
      query: Object.fromEntries(request.url.searchParams),
      send: (...events) => {
        if (!closed) for (const event of events) controller.enqueue(encoder.encode(encodeStreamEvent(event)));
      },
      close: () => {
        if (closed) return;
        closed = true;
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }

  return {
    fetch: vi.fn(handle),
    requests,
    streams,
    /** Answers `method path` with a response, a JSON body or a function (the latest matching answer wins). */
    answer(method: string, path: RegExp, answer: Answer | Response | unknown) {
      const respond: Answer =
        typeof answer === 'function'
          ? (answer as Answer)
          : answer instanceof Response
            ? () => answer.clone()
            : () => json(answer);
      routes.push({ method, path, answer: respond });
    },
    /** GETs on these paths are event streams. */
    streamOn(...paths: RegExp[]) {
      streamPaths.push(...paths);
    },
    /** The requests made to `method path`. */
    seen(method: string, path: RegExp) {
      return requests.filter((request) => request.method === method && path.test(request.path));
    },
  };
}

export type FakeHttp = ReturnType<typeof fakeHttp>;

/**
 * A fresh {@link fakeHttp} as the global `fetch` for each test of the calling file (registered as
 * its beforeEach), restored with the mocks after each test. Call it at the file's top level; the
 * object it gives always stands for the current test's fake.
 */
export function installFakeHttp(): FakeHttp {
  let current: FakeHttp | undefined;
  beforeEach(() => {
    current = fakeHttp();
    vi.stubGlobal('fetch', current.fetch);
  });
  afterEach(() => {
    current = undefined;
    vi.unstubAllGlobals();
    vi.resetAllMocks();
  });
  return new Proxy({} as FakeHttp, {
    get(_, property) {
      if (!current) throw new Error('installFakeHttp: the fake exists only while a test runs');
      return Reflect.get(current, property);
    },
  });
}
