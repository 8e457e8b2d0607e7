/**
 * A trace of one invocation's outbound requests (DynamoDB, KMS, the model, the ID token's keys),
 * from Node's diagnostics channels: when each was sent and when its response ended, relative to
 * the invocation's start. Nothing in the handler is changed to take it.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

/** One request: what it was, when it was sent and when its response ended (ms from the start). */
export interface TracedRequest {
  what: string;
  sentMs: number;
  doneMs?: number;
}

let origin = 0;
let current: TracedRequest[] | undefined;
const open = new WeakMap<object, TracedRequest>();

/** A DynamoDB or KMS call names its operation (X-Amz-Target); anything else its method and path. */
function describe(request: ClientRequest): string {
  const target = request.getHeader('x-amz-target');
  if (typeof target === 'string') return target.replace(/^DynamoDB_\d+\./, 'DynamoDB ');
  return `${request.method} ${request.host}${request.path.split('?')[0]}`;
}

const now = () => performance.now() - origin;

/** Starts listening (once per process); `begin` then starts each invocation's trace. */
export function installRequestTrace(): { begin(): void; end(): TracedRequest[] } {
  subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    if (!current) return;
    const traced: TracedRequest = { what: describe(request), sentMs: now() };
    current.push(traced);
    open.set(request, traced);
  });
  subscribe('http.client.response.finish', (message) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
    const traced = open.get(request);
    if (!traced) return;
    // 'finish' fires with the headers; the body's end is what the caller awaited.
    response.once('end', () => {
      traced.doneMs = now();
    });
  });
  // fetch (the AI SDK's model calls) goes through undici, which has channels of its own.
  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: { method: string; origin: string; path: string } };
    if (!current) return;
    const traced: TracedRequest = {
      what: `${request.method} ${request.origin}${request.path}`,
      sentMs: now(),
    };
    current.push(traced);
    open.set(request, traced);
  });
  subscribe('undici:request:headers', (message) => {
    const { request } = message as { request: object };
    const traced = open.get(request);
    if (traced) traced.doneMs = now(); // a stream's headers: the model has answered
  });
  return {
    begin() {
      origin = performance.now();
      current = [];
    },
    end() {
      const trace = current ?? [];
      current = undefined;
      return trace;
    },
  };
}
