import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { API_AREAS, ROUTES } from '../../functions/src/routes.js';
import { LAMBDA_ESBUILD_OPTIONS } from '../../lib/constructs/agent-function.js';
import { coldStartChunks } from './lambda-cold-start.js';

const HANDLERS = join(import.meta.dirname, '../../functions/src/handlers');

/** Every Lambda entry: one per API area, one per streaming route, the Cognito trigger. */
function lambdaEntries(): { name: string; entry: string }[] {
  const areas = API_AREAS.map((area) => ({ name: `api-${area}`, entry: join(HANDLERS, area, 'index.ts') }));
  const streams = ROUTES.filter((route) => route.transport === 'stream').map((route) => ({
    name: `stream-${route.handler}`,
    entry: join(HANDLERS, route.area, `${route.handler}.ts`),
  }));
  return [
    ...areas,
    ...streams,
    { name: 'post-confirmation', entry: join(HANDLERS, 'auth/post-confirmation.ts') },
  ];
}

/** The bytes a cold start reads: the entry chunk and every chunk it imports statically. */
function coldStartBytes(metafile: Metafile): number {
  return coldStartChunks(metafile).reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

/** Bundles each Lambda exactly as the CDK function construct does and prints its minified size. */
export async function benchBundleSizes(): Promise<void> {
  console.log('\nLambda bundles (esbuild: ESM, split, minified, tree-shaken; source maps excluded)');
  console.log(`  ${'function'.padEnd(28)} ${'cold start'.padStart(11)} ${'all chunks'.padStart(11)}`);
  for (const { name, entry } of lambdaEntries()) {
    const outdir = await mkdtemp(join(tmpdir(), 'agentforge-bundle-'));
    try {
      const { metafile } = await build({
        ...LAMBDA_ESBUILD_OPTIONS,
        entryPoints: { index: entry },
        outdir,
        metafile: true,
        logLevel: 'silent',
      });
      const total = Object.entries(metafile.outputs)
        .filter(([file]) => file.endsWith('.mjs'))
        .reduce((sum, [, output]) => sum + output.bytes, 0);
      console.log(`  ${name.padEnd(28)} ${kb(coldStartBytes(metafile))} ${kb(total)}`);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }
}
