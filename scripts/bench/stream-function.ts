/**
 * The stream function's own cost, measured in a process of its own like a Lambda instance: its
 * handler bundled exactly as lib/ bundles it (LAMBDA_ESBUILD_OPTIONS), then in a fresh `node`
 * process the cold start (the bundle's import, then the first reply) and the CPU it spends per
 * reply, against the benchmark's local stack and model server (each in its own process).
 * BENCH_NO_MINIFY=1 bundles it unminified, so a CPU profile (BENCH_CPU_PROF) names its functions.
 * BENCH_ALL_ZOD_LOCALES=1 bundles it without the plugin keeping zod's locales to English (the
 * bundle before it), to compare cold starts in alternating runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS } from '../../lib/constructs/lambda-bundling.js';
import { forkService } from './processes/child-process.js';
import type { TracedRequest } from './processes/request-trace.js';
import type { Invocation, InvocationTimes, RawPipe } from './processes/stream-function.js';

const REPLIES = 30;

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

/**
 * Prints the stream function's cold start and CPU per reply. `nextInvocation` gives each reply
 * its own new conversation (as the paired runs of streaming.ts do).
 */
export async function benchStreamFunction(options: {
  functionEnv: Record<string, string | undefined>;
  nextInvocation: () => Promise<Invocation>;
  /** The model server's own time to first token (direct requests), for the overhead over it. */
  modelFirstTokenMs: number;
  /** The same model request, piped raw in the same process between replies (the baseline). */
  rawPipe: RawPipe['rawPipe'];
}): Promise<void> {
  const outdir = await mkdtemp(join(tmpdir(), 'agentforge-stream-function-'));
  try {
    const { handler, harness } = await bundle(outdir);
    const spawned = performance.now();
    const fn = await forkService<{ importMs: number; importCpuMs: number }>(harness, {
      typescript: false,
      env: { ...options.functionEnv, BENCH_HANDLER_BUNDLE: handler },
    });
    const readyMs = performance.now() - spawned;
    try {
      const replies: InvocationTimes[] = [];
      const pipes: InvocationTimes[] = [];
      for (let i = 0; i <= REPLIES; i++) {
        replies.push(await fn.call<InvocationTimes>(await options.nextInvocation()));
        pipes.push(await fn.call<InvocationTimes>({ rawPipe: options.rawPipe } satisfies RawPipe));
      }
      const [first, ...warm] = replies as [InvocationTimes, ...InvocationTimes[]];
      const failed = [...replies, ...pipes].find((reply) => reply.deltas === 0);
      if (failed) throw new Error(`A reply streamed no text: ${failed.response}`);
      console.log(
        `\nThe stream function in a fresh node process (bundled as lib/ does; ${REPLIES} warm replies)`,
      );
      console.log(
        `  cold start            process ready ${ms(readyMs)} (handler import ${ms(fn.info.importMs)}, ` +
          `${ms(fn.info.importCpuMs)} CPU)   first reply: first token ${ms(first.firstDeltaMs)} ` +
          `(${ms(first.firstDeltaMs - options.modelFirstTokenMs)} over the model), ` +
          `${ms(first.cpuMs)} CPU`,
      );
      const warmFirstToken = median(warm.map((r) => r.firstDeltaMs));
      const pipeFirstToken = median(pipes.slice(1).map((r) => r.firstDeltaMs));
      console.log(
        `  warm replies          first token median ${ms(warmFirstToken)}, raw pipe ${ms(pipeFirstToken)} ` +
          `(${(warmFirstToken / pipeFirstToken).toFixed(2)}x; ${ms(warmFirstToken - pipeFirstToken)} over the pipe)   ` +
          `CPU per reply median ${ms(median(warm.map((r) => r.cpuMs)))} (raw pipe ` +
          `${ms(median(pipes.slice(1).map((r) => r.cpuMs)))})`,
      );
      const typical = [...warm].sort((a, b) => a.firstDeltaMs - b.firstDeltaMs)[Math.floor(warm.length / 2)];
      printTrace("the first (cold) reply's", first);
      if (typical) printTrace("the median warm reply's", typical);
    } finally {
      await fn.stop();
    }
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
