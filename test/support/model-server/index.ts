/**
 * A deterministic model server speaking the providers' real streaming protocols, so tests run
 * the real adapters (AI SDK packages, AWS SDK) over HTTP. Each API lives under its own prefix:
 * pass `baseUrls[provider]` as the adapter's baseUrl, and `url` as the Bedrock client's endpoint
 * (Bedrock's paths, `/model/{id}/converse-stream`, sit at the root). The replies follow script.ts.
 *
 * One port serves HTTP/1.1 and cleartext HTTP/2: the Bedrock client speaks HTTP/2 (its default
 * NodeHttp2Handler), the fetch-based AI SDK speaks HTTP/1.1.
 */
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { handleAnthropicApi } from './anthropic.js';
import { handleBedrockApi } from './bedrock.js';
import type { Dialect, Exchange, RecordedRequest, ServerRequest, ServerResponse } from './exchange.js';
import { handleGoogleApi } from './google.js';
import { handleChatApi } from './openai.js';

export { BAD_KEY, type Dialect, type RecordedRequest } from './exchange.js';
export { planReply, type Reply, type Turn } from './script.js';

export type HttpDialect = Exclude<Dialect, 'bedrock'>;

export const DEFAULT_MODELS: Record<Dialect, readonly string[]> = {
  openai: ['gpt-4o-mini', 'gpt-4.1', 'gpt-5-mini'],
  anthropic: ['claude-3-haiku-20240307', 'claude-sonnet-4-5-20250929'],
  google: ['gemini-2.5-flash', 'gemini-2.0-flash'],
  mistral: ['mistral-small-latest', 'mistral-large-latest'],
  custom: ['llama3.2:latest', 'qwen2.5:7b'],
  bedrock: ['anthropic.claude-3-haiku-20240307-v1:0', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'],
};

const BASE_PATHS: Record<HttpDialect, string> = {
  openai: '/openai/v1',
  anthropic: '/anthropic/v1',
  google: '/google/v1beta',
  mistral: '/mistral/v1',
  custom: '/custom/v1',
};

export interface ModelServer {
  /** `http://127.0.0.1:<port>`; the Bedrock client's endpoint. */
  url: string;
  /** The baseUrl to give each HTTP provider's adapter. */
  baseUrls: Record<HttpDialect, string>;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Settles once the server is done with this request (replied in full, or saw the client leave). */
  served(request: RecordedRequest): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The environment that points the functions' Bedrock clients (the runtime's and the model list's)
 * at the server, as the SDK's endpoint variables do, and turns the platform's models on. Credentials
 * already set are kept: the server takes any SigV4 signature and is the only place they go.
 */
export const platformModelsEnv = (url: string): Record<string, string> => ({
  BEDROCK_ENABLED: 'true',
  AWS_ENDPOINT_URL_BEDROCK: url,
  AWS_ENDPOINT_URL_BEDROCK_RUNTIME: url,
  AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local-test',
  AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local-test',
});

/** Bedrock models past their end of life: listed LEGACY by ListFoundationModels, refused when called. */
export const RETIRED_BEDROCK_MODELS: readonly string[] = ['anthropic.claude-3-5-haiku-20241022-v1:0'];

export interface ModelServerOptions {
  /** The model ids each API serves (others answer "model not found"); defaults to DEFAULT_MODELS. */
  models?: Partial<Record<Dialect, readonly string[]>>;
  /** Bedrock's retired models; defaults to RETIRED_BEDROCK_MODELS. */
  retiredBedrockModels?: readonly string[];
  /**
   * Serves HTTP/1.1 over TLS with this key and certificate instead, closing each connection after
   * its response: every call pays a new connection, as a provider call does once the pool has
   * none left (the stream bench). `roundTripMs` holds each new connection that long before the
   * handshake's first answer: one round trip to a provider that far away.
   */
  tls?: { key: string; cert: string; roundTripMs?: number };
}

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const models = { ...DEFAULT_MODELS, ...options.models };
  const retired = options.retiredBedrockModels ?? RETIRED_BEDROCK_MODELS;
  const requests: RecordedRequest[] = [];
  const done = new WeakMap<RecordedRequest, Promise<void>>();

  const handle = (req: ServerRequest, res: ServerResponse) => {
    serve(req, res, models, retired, (record, handled) => {
      requests.push(record);
      done.set(
        record,
        handled.then(
          () => undefined,
          () => undefined,
        ),
      );
    }).catch((error: unknown) => {
      if (!res.writableEnded) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `model server: ${String(error)}` } }));
      }
    });
  };
  if (options.tls) {
    const { roundTripMs = 0, ...credentials } = options.tls;
    const server = https.createServer(credentials, (req, res) => {
      res.shouldKeepAlive = false;
      handle(req, res);
    });
    const tcp = net.createServer((socket) => {
      // As the http server would: without it the handshake's small writes wait on delayed ACKs.
      socket.setNoDelay(true);
      setTimeout(() => server.emit('connection', socket), roundTripMs);
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    return modelServer(`https://127.0.0.1:${(tcp.address() as AddressInfo).port}`, async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    });
  }
  const http1 = http.createServer(handle);
  const cleartextHttp2 = http2.createServer(handle);
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // Peek at the first bytes: the HTTP/2 connection preface starts with `PRI * HTTP/2.0`.
    socket.once('readable', () => {
      const head: Buffer | null = socket.read();
      if (!head) return;
      socket.unshift(head);
      (head.subarray(0, 4).toString('latin1') === 'PRI ' ? cleartextHttp2 : http1).emit('connection', socket);
    });
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  return modelServer(`http://127.0.0.1:${(tcp.address() as AddressInfo).port}`, async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  });

  function modelServer(url: string, stop: () => Promise<void>): ModelServer {
    return {
      url,
      baseUrls: Object.fromEntries(
        Object.entries(BASE_PATHS).map(([dialect, path]) => [dialect, `${url}${path}`]),
      ) as Record<HttpDialect, string>,
      requests,
      served: async (request) => {
        await done.get(request);
      },
      stop,
    };
  }
}

async function serve(
  req: ServerRequest,
  res: ServerResponse,
  models: Record<Dialect, readonly string[]>,
  retired: readonly string[],
  recorded: (record: RecordedRequest, handled: Promise<void>) => void,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://model-server');
  // `/openai/v1/models` -> dialect openai, path `/v1/models`; anything else is Bedrock's.
  const [, first = '', ...rest] = url.pathname.split('/');
  const dialect: Dialect = Object.hasOwn(BASE_PATHS, first) ? (first as HttpDialect) : 'bedrock';
  const path = dialect === 'bedrock' ? url.pathname : `/${rest.join('/')}`;

  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  const raw = Buffer.concat(chunks);
  const text = raw.toString('utf8');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}

  const record: RecordedRequest = {
    dialect,
    httpVersion: req.httpVersion,
    method: req.method ?? 'GET',
    path,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(
      Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, value]] : [],
      ),
    ),
    body,
    tokenSentAt: [],
    clientClosedEarly: false,
  };
  let open = true;
  res.once('close', () => {
    open = false;
  });
  const exchange: Exchange = {
    res,
    method: record.method,
    path,
    query: url.searchParams,
    headers: req.headers,
    body,
    record,
    models: models[dialect],
    retired: dialect === 'bedrock' ? retired : [],
    isOpen: () => open && !res.writableEnded,
  };
  const handled = answer(dialect, exchange, raw);
  recorded(record, handled);
  return handled;
}

function answer(dialect: Dialect, exchange: Exchange, raw: Buffer): Promise<void> {
  if (dialect === 'bedrock') return handleBedrockApi(exchange);
  if (dialect === 'anthropic') return handleAnthropicApi(exchange);
  if (dialect === 'google') return handleGoogleApi(exchange);
  return handleChatApi(dialect, exchange, raw);
}
