import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export type Dialect = 'openai' | 'anthropic' | 'google' | 'mistral' | 'custom' | 'bedrock';

/** One request as the server saw it, for tests to assert on. */
export interface RecordedRequest {
  dialect: Dialect;
  /** `1.1` or `2.0` (the Bedrock client speaks HTTP/2). */
  httpVersion: string;
  method: string;
  /** The path after the dialect prefix, e.g. `/v1/chat/completions`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** The tool the request forced the model to call (see script.ts), as the server understood it. */
  forcedTool?: string;
  /** performance.now() when each reply token was written. */
  tokenSentAt: number[];
  /** The client went away before the reply was complete. */
  clientClosedEarly: boolean;
}

/** What HTTP/1.1 and HTTP/2 (compat API) requests and responses have in common, as used here. */
export interface ServerRequest extends AsyncIterable<Buffer> {
  httpVersion: string;
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}
export interface ServerResponse {
  writeHead(status: number, headers?: OutgoingHttpHeaders): void;
  write(chunk: string | Uint8Array): boolean;
  end(chunk?: string | Uint8Array): void;
  once(event: 'close', listener: () => void): unknown;
  destroy(): void;
  readonly writableEnded: boolean;
}

export interface Exchange {
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  record: RecordedRequest;
  /** The model ids this dialect serves. */
  models: readonly string[];
  /** Bedrock: the retired model ids (listed LEGACY, gone when called). */
  retired: readonly string[];
  /** Whether the client is still there. */
  isOpen(): boolean;
}

export function sendJson(
  exchange: Exchange,
  status: number,
  body: unknown,
  headers: OutgoingHttpHeaders = {},
) {
  exchange.res.writeHead(status, { 'content-type': 'application/json', ...headers });
  exchange.res.end(JSON.stringify(body));
}

export function startEventStream(exchange: Exchange, contentType = 'text/event-stream') {
  exchange.res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache' });
}

/**
 * Writes the items one by one with `delayMs` before each (a token's generation time); stops
 * as soon as the client goes away. Returns whether every item was written.
 */
export async function pace<T>(
  exchange: Exchange,
  items: readonly T[],
  delayMs: number,
  write: (item: T, index: number) => void,
): Promise<boolean> {
  for (const [index, item] of items.entries()) {
    if (delayMs > 0) await sleep(delayMs);
    if (!exchange.isOpen()) {
      exchange.record.clientClosedEarly = true;
      return false;
    }
    write(item, index);
    exchange.record.tokenSentAt.push(performance.now());
  }
  return true;
}

/** The tokens written before a `[[fail-after:<n>]]` failure (all of them without one). */
export function tokensBeforeFailure(reply: { tokens: string[]; failAfter?: number }): string[] {
  return reply.failAfter === undefined ? reply.tokens : reply.tokens.slice(0, reply.failAfter);
}

/** A Server-Sent Events frame; `event` for the APIs that name their events (Anthropic). */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}

export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  return headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
}

let counter = 0;
/** Ids like the providers' (`chatcmpl-...`, `toolu_...`), unique per server process. */
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}${counter.toString(36).padStart(8, '0')}`;
}

export const BAD_KEY = 'bad-key';
