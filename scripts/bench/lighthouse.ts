import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeConfig } from '@agentforge/shared';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { serveBuild } from '../local/built-web-server.js';

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

/**
 * Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on the production build
 * served as CloudFront serves it; prints each page's performance score and largest contentful paint.
 */
export async function benchLighthouse(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'agentforge-lighthouse-'));
  const outDir = join(dir, 'dist');
  await build({ root: WEB, configFile: join(WEB, 'vite.config.ts'), logLevel: 'silent', build: { outDir } });
  await writeFile(join(outDir, 'config.json'), JSON.stringify(BENCH_CONFIG));
  const server = await serveBuild(outDir);
  const chromium = await launchChromium(join(dir, 'profile'));
  try {
    console.log('\nLighthouse (mobile preset; production build, brotli, long-lived assets)');
    console.log(
      `  ${'path'.padEnd(10)} ${'performance'.padStart(12)} ${'LCP'.padStart(9)} ${'FCP'.padStart(9)} ${'TBT'.padStart(9)} ${'CLS'.padStart(7)} ${'SI'.padStart(9)}`,
    );
    for (const path of PAGES) {
      const result = await lighthouse(`${server.origin}${path}`, {
        port: chromium.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      const score = Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
      // The score's parts, so a low one says which metric pulled it down.
      const metric = (audit: string) => result?.lhr.audits[audit]?.numericValue ?? Number.NaN;
      const seconds = (audit: string) => `${(metric(audit) / 1000).toFixed(2)} s`.padStart(9);
      console.log(
        `  ${path.padEnd(10)} ${String(score).padStart(12)} ${seconds('largest-contentful-paint')} ${seconds('first-contentful-paint')} ${`${Math.round(metric('total-blocking-time'))} ms`.padStart(9)} ${metric('cumulative-layout-shift').toFixed(3).padStart(7)} ${seconds('speed-index')}`,
      );
    }
  } finally {
    await chromium.stop();
    await server.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}
