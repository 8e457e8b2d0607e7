import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { API_AREAS, ROUTES } from '../../functions/src/routes.js';
import { LAMBDA_ESBUILD_OPTIONS } from '../../lib/constructs/agent-function.js';

const HANDLERS = join(import.meta.dirname, '../../functions/src/handlers');

/** Every Lambda entry: one per API area, one per streaming route. */
function lambdaEntries(): { name: string; entry: string }[] {
  const areas = API_AREAS.map((area) => ({ name: `api-${area}`, entry: join(HANDLERS, area, 'index.ts') }));
  const streams = ROUTES.filter((route) => route.transport === 'stream').map((route) => ({
    name: `stream-${route.handler}`,
    entry: join(HANDLERS, route.area, `${route.handler}.ts`),
  }));
  return [...areas, ...streams];
}

/** Bundles each Lambda exactly as the CDK function construct does and prints its minified size. */
export async function benchBundleSizes(): Promise<void> {
  const outdir = await mkdtemp(join(tmpdir(), 'agentforge-bundles-'));
  try {
    console.log('\nLambda bundles (esbuild, minified, tree-shaken, ESM; source maps excluded)');
    for (const { name, entry } of lambdaEntries()) {
      const result = await build({
        ...LAMBDA_ESBUILD_OPTIONS,
        entryPoints: { [name]: entry },
        outdir,
        metafile: true,
        logLevel: 'silent',
      });
      const [, output] =
        Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.mjs')) ?? [];
      const kb = (output?.bytes ?? 0) / 1024;
      console.log(`  ${name.padEnd(28)} ${kb.toFixed(1).padStart(8)} KB`);
    }
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}
