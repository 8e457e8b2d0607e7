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

/** One invocation: the stream's query and the caller's ID token. */
export interface Invocation {
  query: Record<string, string>;
  idToken: string;
}

/** What one invocation took, in ms. */
export interface InvocationTimes {
  firstDeltaMs: number;
  wallMs: number;
  cpuMs: number;
  deltas: number;
  /** The start of the response, when it streamed no text (what went wrong). */
  response?: string;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Where the response goes: counted, not kept (the first delta's arrival is what matters). */
function responseSink(onDelta: () => void): Writable & { head: string } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const text = chunk.toString();
      if (sink.head.length < 300) sink.head += text;
      for (let at = text.indexOf('message_delta'); at >= 0; at = text.indexOf('message_delta', at + 1)) {
        onDelta();
      }
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
  const cpuBefore = cpuMs();
  const started = performance.now();
  let firstDeltaMs = Number.NaN;
  let deltas = 0;
  const sink = responseSink(() => {
    if (deltas++ === 0) firstDeltaMs = performance.now() - started;
  });
  const finished = new Promise((resolve) => sink.on('finish', resolve));
  await handler(event, sink, lambdaContext('stream-generate-stream', 900_000));
  if (!sink.writableFinished) await finished;
  const wallMs = performance.now() - started;
  return {
    firstDeltaMs,
    wallMs,
    cpuMs: cpuMs() - cpuBefore,
    deltas,
    ...(deltas ? {} : { response: sink.head }),
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
    call: (payload) => invoke(handler, payload as Invocation),
    stop: async () => undefined,
  };
});
