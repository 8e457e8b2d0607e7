/**
 * The stream function's own cost, measured in a process of its own like a Lambda instance: its
 * handler bundled exactly as lib/ bundles it (LAMBDA_ESBUILD_OPTIONS), then in a fresh `node`
 * process with Lambda's Node options (LAMBDA_NODE_OPTIONS) the cold start (the bundle's import,
 * then the first reply) and the CPU it spends per reply, against the benchmark's local stack and
 * model server (each in its own process); and what the source maps add to the import.
 * BENCH_NO_MINIFY=1 bundles it unminified, so a CPU profile (BENCH_CPU_PROF) names its functions.
 * BENCH_ALL_ZOD_LOCALES=1 bundles it without the plugin keeping zod's locales to English (the
 * bundle before it), to compare cold starts in alternating runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS, LAMBDA_NODE_OPTIONS } from '../../lib/constructs/lambda-bundling.js';
import { type ForkedService, forkService } from './processes/child-process.js';
import type { TracedRequest } from './processes/request-trace.js';
import type { Invocation, InvocationTimes, RawPipe } from './processes/stream-function.js';

const REPLIES = 30;
/** Fresh processes importing the bundle with Lambda's Node options and as many without, alternating. */
const IMPORT_PAIRS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One reply's requests against its first delta: what the first token waited for. */
function printTrace(which: string, reply: InvocationTimes): void {
  console.log(`  ${which} requests (ms from the invocation; first delta at ${ms(reply.firstDeltaMs)})`);
  const row = (request: TracedRequest) =>
    `    ${request.sentMs.toFixed(1).padStart(6)} -> ${(request.doneMs?.toFixed(1) ?? '…').padStart(6)}  ${request.what}`;
  for (const request of reply.trace) console.log(row(request));
}

/** The handler as lib/ bundles it, and the harness that runs it, both plain JavaScript. */
async function bundle(outdir: string): Promise<{ handler: string; harness: string }> {
  await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: {
      index: join(import.meta.dirname, '../../functions/src/handlers/messages/generate-stream.ts'),
    },
    outdir: join(outdir, 'function'),
    minify: process.env.BENCH_NO_MINIFY ? false : LAMBDA_ESBUILD_OPTIONS.minify,
    plugins: process.env.BENCH_ALL_ZOD_LOCALES ? [] : LAMBDA_ESBUILD_OPTIONS.plugins,
    logLevel: 'silent',
  });
  await build({
    entryPoints: [join(import.meta.dirname, 'processes/stream-function.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: join(outdir, 'harness.mjs'),
    logLevel: 'silent',
  });
  return { handler: join(outdir, 'function/index.mjs'), harness: join(outdir, 'harness.mjs') };
}

/** Replies, each followed by a raw pipe of the same model request. */
interface ReplyPairs {
  /** Gives each reply its own new conversation (as the paired runs of streaming.ts do). */
  nextInvocation: () => Promise<Invocation>;
  /** The same model request, piped raw in the same process between replies (the baseline). */
  rawPipe: RawPipe['rawPipe'];
}

async function runPairs(fn: ForkedService<unknown>, pairs: ReplyPairs, count: number) {
  const replies: InvocationTimes[] = [];
  const pipes: InvocationTimes[] = [];
  for (let i = 0; i < count; i++) {
    replies.push(await fn.call<InvocationTimes>(await pairs.nextInvocation()));
    pipes.push(await fn.call<InvocationTimes>({ rawPipe: pairs.rawPipe } satisfies RawPipe));
  }
  const failed = [...replies, ...pipes].find((reply) => reply.deltas === 0);
  if (failed) throw new Error(`A reply streamed no text: ${failed.response}`);
  return { replies, pipes };
}

/** The replies' median first token against the pipes', their CPU, and the median reply. */
function compare(label: string, replies: InvocationTimes[], pipes: InvocationTimes[]): InvocationTimes {
  const firstToken = median(replies.map((r) => r.firstDeltaMs));
  const pipeFirstToken = median(pipes.map((r) => r.firstDeltaMs));
  console.log(
    `  ${label.padEnd(21)} first token median ${ms(firstToken)}, raw pipe ${ms(pipeFirstToken)} ` +
      `(${(firstToken / pipeFirstToken).toFixed(2)}x; ${ms(firstToken - pipeFirstToken)} over the pipe)   ` +
      `CPU per reply median ${ms(median(replies.map((r) => r.cpuMs)))} (raw pipe ` +
      `${ms(median(pipes.map((r) => r.cpuMs)))})`,
  );
  return [...replies].sort((a, b) => a.firstDeltaMs - b.firstDeltaMs)[
    Math.floor(replies.length / 2)
  ] as InvocationTimes;
}

/** The handler's import in fresh processes with LAMBDA_NODE_OPTIONS (source maps read) and without. */
async function importWithAndWithoutSourceMaps(harness: string, env: Record<string, string | undefined>) {
  const imports = { with: [] as number[], without: [] as number[] };
  for (let i = 0; i < IMPORT_PAIRS; i++) {
    for (const mode of ['with', 'without'] as const) {
      const fn = await forkService<{ importMs: number }>(harness, {
        typescript: false,
        env: { ...env, NODE_OPTIONS: mode === 'with' ? LAMBDA_NODE_OPTIONS : '' },
      });
      imports[mode].push(fn.info.importMs);
      await fn.stop();
    }
  }
  const [withMaps, without] = [median(imports.with), median(imports.without)];
  console.log(
    `  source maps           handler import median ${ms(withMaps)} with ${LAMBDA_NODE_OPTIONS}, ` +
      `${ms(without)} without (${(withMaps / without).toFixed(2)}x; ${IMPORT_PAIRS} fresh processes each)`,
  );
}

/** Prints the stream function's cold start, and first token and CPU per reply against a raw pipe. */
export async function benchStreamFunction(
  options: ReplyPairs & {
    functionEnv: Record<string, string | undefined>;
    /** The model server's own time to first token (direct requests), for the overhead over it. */
    modelFirstTokenMs: number;
    /**
     * The same pairs against the model server over TLS, `roundTripMs` away, that closes each
     * connection after its response (its certificate in `caFile`): every reply and every raw pipe
     * opens a new connection, as a user's next turn does on AWS once the pool's connection has
     * gone idle.
     */
    newConnections: ReplyPairs & { caFile: string; roundTripMs: number };
  },
): Promise<void> {
  const outdir = await mkdtemp(join(tmpdir(), 'agentforge-stream-function-'));
  try {
    const { handler, harness } = await bundle(outdir);
    const env = {
      ...options.functionEnv,
      BENCH_HANDLER_BUNDLE: handler,
      NODE_EXTRA_CA_CERTS: options.newConnections.caFile,
      NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
    };
    const spawned = performance.now();
    const fn = await forkService<{ importMs: number; importCpuMs: number }>(harness, {
      typescript: false,
      env,
    });
    const readyMs = performance.now() - spawned;
    try {
      const { replies, pipes } = await runPairs(fn, options, REPLIES + 1);
      const [first, ...warm] = replies as [InvocationTimes, ...InvocationTimes[]];
      console.log(
        `\nThe stream function in a fresh node process (bundled as lib/ does, run with ${LAMBDA_NODE_OPTIONS} as on Lambda; ${REPLIES} warm replies)`,
      );
      console.log(
        `  cold start            process ready ${ms(readyMs)} (handler import ${ms(fn.info.importMs)}, ` +
          `${ms(fn.info.importCpuMs)} CPU)   first reply: first token ${ms(first.firstDeltaMs)} ` +
          `(${ms(first.firstDeltaMs - options.modelFirstTokenMs)} over the model), ` +
          `${ms(first.cpuMs)} CPU`,
      );
      const typical = compare('warm replies', warm, pipes.slice(1));
      const fresh = await runPairs(fn, options.newConnections, REPLIES);
      const typicalFresh = compare('new TLS connections', fresh.replies, fresh.pipes);
      console.log(
        `    (the model server over TLS, ${options.newConnections.roundTripMs} ms away, closing each ` +
          'connection after its response: the pipe pays the handshake, the reply opens it as the key is read)',
      );
      printTrace("the first (cold) reply's", first);
      printTrace("the median warm reply's", typical);
      printTrace("the median reply's on a new TLS connection", typicalFresh);
    } finally {
      await fn.stop();
    }
    await importWithAndWithoutSourceMaps(harness, env);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
