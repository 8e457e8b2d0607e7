/**
 * The stream function alone in a fresh process, as in a Lambda instance: it imports the bundled
 * handler (BENCH_HANDLER_BUNDLE) as Lambda's init does, then answers each `call` with one
 * invocation, timed and with the CPU this process spent on it (no stack, no model server, no
 * client in here: they run in processes of their own). Bundled itself and run by plain `node`
 * (stream-function-bench.ts), so no TypeScript loader sits on the import it times.
 */
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { functionUrlEvent, lambdaContext } from '../../local/api-gateway-event.js';
import { installAwsLambdaGlobal, type StreamingHandler } from '../../local/lambda-streaming.js';
import { serveInChild } from './child-process.js';
import { installRequestTrace, type TracedRequest } from './request-trace.js';

/** One invocation: the stream's query and the caller's ID token. */
export interface Invocation {
  query: Record<string, string>;
  idToken: string;
}

/**
 * The baseline in the same process: the model server's stream piped straight to the sink (no
 * checks, no SDK, no events of our own), what a relay costs at the least.
 */
export interface RawPipe {
  rawPipe: { url: string; body: string };
}

/** What one invocation took, in ms. */
export interface InvocationTimes {
  firstDeltaMs: number;
  wallMs: number;
  cpuMs: number;
  deltas: number;
  /** The start of the response, when it streamed no text (what went wrong). */
  response?: string;
  /** Every outbound request of the invocation, in the order sent. */
  trace: TracedRequest[];
}

const trace = installRequestTrace();

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Where the response goes: counted, not kept (the first delta's arrival is what matters). */
function responseSink(delta: RegExp, onDelta: () => void): Writable & { head: string } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const text = chunk.toString();
      if (sink.head.length < 300) sink.head += text;
      for (const _ of text.matchAll(delta)) onDelta();
      callback();
    },
  }) as Writable & { head: string };
  sink.head = '';
  return sink;
}

async function invoke(handler: StreamingHandler, { query, idToken }: Invocation): Promise<InvocationTimes> {
  const url = new URL(`http://local/messages/generate-stream?${new URLSearchParams(query)}`);
  const event = functionUrlEvent({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${idToken}`, host: url.host },
    body: '',
    sourceIp: '127.0.0.1',
  });
  return timed(/message_delta/g, (sink) =>
    handler(event, sink, lambdaContext('stream-generate-stream', 900_000)),
  );
}

/** The model server's OpenAI-compatible stream, its bytes written to the sink as they come. */
async function pipeRaw({ rawPipe }: RawPipe): Promise<InvocationTimes> {
  return timed(/"content":"[^"]/g, async (sink) => {
    const response = await fetch(rawPipe.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: rawPipe.body,
    });
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) sink.write(chunk);
    sink.end();
  });
}

/** Runs `respond` into a sink counting `delta` matches, with its wall time, CPU and requests. */
async function timed(
  delta: RegExp,
  respond: (sink: Writable & { head: string }) => Promise<unknown>,
): Promise<InvocationTimes> {
  trace.begin();
  const cpuBefore = cpuMs();
  const started = performance.now();
  let firstDeltaMs = Number.NaN;
  let deltas = 0;
  const sink = responseSink(delta, () => {
    if (deltas++ === 0) firstDeltaMs = performance.now() - started;
  });
  const finished = new Promise((resolve) => sink.on('finish', resolve));
  await respond(sink);
  if (!sink.writableFinished) await finished;
  const wallMs = performance.now() - started;
  return {
    firstDeltaMs,
    wallMs,
    cpuMs: cpuMs() - cpuBefore,
    deltas,
    ...(deltas ? {} : { response: sink.head }),
    trace: trace.end(),
  };
}

await serveInChild(async () => {
  installAwsLambdaGlobal();
  const bundle = process.env.BENCH_HANDLER_BUNDLE;
  if (!bundle) throw new Error('BENCH_HANDLER_BUNDLE is not set');
  const importStarted = performance.now();
  const { handler } = (await import(pathToFileURL(bundle).href)) as { handler: StreamingHandler };
  const importMs = performance.now() - importStarted;
  return {
    info: { importMs, importCpuMs: cpuMs() },
    call: (payload) =>
      'rawPipe' in (payload as object) ? pipeRaw(payload as RawPipe) : invoke(handler, payload as Invocation),
    stop: async () => undefined,
  };
});
