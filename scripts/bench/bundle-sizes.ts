import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { AUTOMATION_RUNNER_MODULE } from '../../functions/src/domain/automations/run-event.js';
import { API_AREAS, ROUTES } from '../../functions/src/routes.js';
import { LAMBDA_ESBUILD_OPTIONS } from '../../lib/constructs/lambda-bundling.js';
import { coldStartChunks } from './lambda-cold-start.js';

const HANDLERS = join(import.meta.dirname, '../../functions/src/handlers');

/** The functions that are not an API area or a stream: triggers, schedules, queues' consumers. */
const OTHER_FUNCTIONS = [
  'auth/post-confirmation',
  'auth/pre-sign-up',
  'auth/pre-authentication',
  'auth/post-authentication',
  'auth/sign-in-events',
  'auth/team-providers',
  'mcp/reap-servers',
  'mcp-gateway/automation-authorizer',
  'billing/report-overage',
  AUTOMATION_RUNNER_MODULE,
  'knowledge/index-file',
];

/** A worker bundled beside its function's handler (knowledge-indexing.ts), by output name. */
const EXTRA_ENTRIES: Record<string, Record<string, string>> = {
  'knowledge/index-file': {
    'extract-worker': join(import.meta.dirname, '../../functions/src/adapters/knowledge/extract-worker.ts'),
  },
};

/** Every Lambda entry: one per API area, one per streaming route, and the others. */
function lambdaEntries(): { name: string; entries: Record<string, string> }[] {
  const areas = API_AREAS.map((area) => ({
    name: `api-${area}`,
    entries: { index: join(HANDLERS, area, 'index.ts') },
  }));
  const streams = ROUTES.filter((route) => route.transport === 'stream').map((route) => ({
    name: `stream-${route.handler}`,
    entries: { index: join(HANDLERS, route.area, `${route.handler}.ts`) },
  }));
  const others = OTHER_FUNCTIONS.map((module) => ({
    name: module.replace('/', '-'),
    entries: { ...EXTRA_ENTRIES[module], index: join(HANDLERS, `${module}.ts`) },
  }));
  return [...areas, ...streams, ...others];
}

/** The bytes a cold start reads: the entry chunk and every chunk it imports statically. */
function coldStartBytes(metafile: Metafile): number {
  return coldStartChunks(metafile).reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

/**
 * Bundles each Lambda exactly as the CDK function construct does and prints its minified size.
 * BENCH_ALL_ZOD_LOCALES=1 bundles without the plugin keeping zod's locales to English (before it).
 */
export async function benchBundleSizes(): Promise<void> {
  console.log('\nLambda bundles (esbuild: ESM, split, minified, tree-shaken; source maps excluded)');
  console.log(`  ${'function'.padEnd(34)} ${'cold start'.padStart(11)} ${'all chunks'.padStart(11)}`);
  for (const { name, entries } of lambdaEntries()) {
    const outdir = await mkdtemp(join(tmpdir(), 'agentforge-bundle-'));
    try {
      const { metafile } = await build({
        ...LAMBDA_ESBUILD_OPTIONS,
        entryPoints: entries,
        entryNames: '[name]',
        outdir,
        plugins: process.env.BENCH_ALL_ZOD_LOCALES ? [] : LAMBDA_ESBUILD_OPTIONS.plugins,
        metafile: true,
        logLevel: 'silent',
      });
      const total = Object.entries(metafile.outputs)
        .filter(([file]) => file.endsWith('.mjs'))
        .reduce((sum, [, output]) => sum + output.bytes, 0);
      console.log(`  ${name.padEnd(34)} ${kb(coldStartBytes(metafile))} ${kb(total)}`);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }
}
