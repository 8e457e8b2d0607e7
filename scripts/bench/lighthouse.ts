import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeConfig } from '@agentforge/shared';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { serveBuild } from '../local/built-web-server.js';
import { loadSelfSignedCertificate } from '../local/cognito/hosted-domain/certificate.js';

const WEB = join(import.meta.dirname, '../../web');
const PAGES = ['/', '/login'];

/** A valid configuration; the pages measured call no service for a guest. */
const BENCH_CONFIG: RuntimeConfig = {
  stage: 'bench',
  region: 'us-east-1',
  userPoolId: 'us-east-1_bench',
  userPoolClientId: 'bench-client',
  apiBaseUrl: 'http://127.0.0.1:9/api',
  streamUrl: 'http://127.0.0.1:9/api/messages/generate-stream',
  streamAuthHeader: 'Authorization',
};

/** Debian's Chromium (as the e2e suite), headless, with a DevTools port for Lighthouse. */
async function launchChromium(profile: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const chromium = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The build is served over HTTP/2 with a certificate made for this run (as CloudFront serves it).
      '--ignore-certificate-errors',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // Chromium writes its profile until it has exited: stop() waits for that before it is removed.
  const exited = new Promise<void>((resolve) => chromium.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    chromium.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) resolve(Number(match[1]));
    });
    chromium.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return {
    port,
    stop: async () => {
      if (chromium.exitCode === null && chromium.signalCode === null) chromium.kill();
      await exited;
    },
  };
}

/** How often each page is measured: one run's blocking time moves by 2-3x on this machine. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface PageRun {
  score: number;
  /** The score's parts, so a low score says which metric pulled it down. */
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's measure of the host's CPU: its 4x slowdown assumes 1500-2000 (docs/throttling.md). */
  benchmarkIndex: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on the production build
 * served as CloudFront serves it (HTTP/2 over TLS, brotli, long-lived assets). Each page is
 * measured RUNS times, the pages taking turns so a busy moment of the machine falls on both; it
 * prints each metric's median and the scores' range.
 */
export async function benchLighthouse(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'agentforge-lighthouse-'));
  const outDir = join(dir, 'dist');
  await build({ root: WEB, configFile: join(WEB, 'vite.config.ts'), logLevel: 'silent', build: { outDir } });
  await writeFile(join(outDir, 'config.json'), JSON.stringify(BENCH_CONFIG));
  const server = await serveBuild(outDir, { tls: loadSelfSignedCertificate(dir, 'bench') });
  const chromium = await launchChromium(join(dir, 'profile'));
  try {
    const runs = new Map<string, PageRun[]>(PAGES.map((path) => [path, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const path of PAGES) {
        const result = await lighthouse(`${server.origin}${path}`, {
          port: chromium.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        const metric = (audit: string) => result?.lhr.audits[audit]?.numericValue ?? Number.NaN;
        runs.get(path)?.push({
          score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
          lcp: metric('largest-contentful-paint'),
          fcp: metric('first-contentful-paint'),
          tbt: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          si: metric('speed-index'),
          benchmarkIndex: result?.lhr.environment.benchmarkIndex ?? Number.NaN,
        });
      }
    }
    const benchmarkIndex = median([...runs.values()].flat().map((pageRun) => pageRun.benchmarkIndex));
    console.log(
      `\nLighthouse (mobile preset; production build over HTTP/2 and TLS, brotli, long-lived assets; median of ${RUNS} runs)`,
    );
    // Its CPU slowdown is relative to the host: a slower host scores lower (docs/throttling.md).
    console.log(
      `  host CPU benchmark index ${Math.round(benchmarkIndex)} (the 4x slowdown assumes 1500-2000)`,
    );
    console.log(
      `  ${'path'.padEnd(10)} ${'performance'.padStart(12)} ${'range'.padStart(7)} ${'LCP'.padStart(9)} ${'FCP'.padStart(9)} ${'TBT'.padStart(9)} ${'CLS'.padStart(7)} ${'SI'.padStart(9)}`,
    );
    for (const [path, pageRuns] of runs) {
      const of = (key: keyof PageRun) => median(pageRuns.map((pageRun) => pageRun[key]));
      const seconds = (key: keyof PageRun) => `${(of(key) / 1000).toFixed(2)} s`.padStart(9);
      const scores = pageRuns.map((pageRun) => pageRun.score);
      console.log(
        `  ${path.padEnd(10)} ${String(of('score')).padStart(12)} ${`${Math.min(...scores)}-${Math.max(...scores)}`.padStart(7)} ${seconds('lcp')} ${seconds('fcp')} ${`${Math.round(of('tbt'))} ms`.padStart(9)} ${of('cls').toFixed(3).padStart(7)} ${seconds('si')}`,
      );
    }
  } finally {
    await chromium.stop();
    await server.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
