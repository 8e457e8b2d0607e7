/**
 * The process `bundleLambdaSync` runs: reads a LambdaBundleRequest (JSON) on stdin and bundles it
 * with esbuild's async API, which runs the bundling's plugins. Exits non-zero on a failed build.
 */
import { text } from 'node:stream/consumers';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD_OPTIONS, type LambdaBundleRequest } from './lambda-bundling';

const request = JSON.parse(await text(process.stdin)) as LambdaBundleRequest;
try {
  await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: { ...request.entryPoints },
    outdir: request.outdir,
    entryNames: '[name]',
  });
} catch {
  // esbuild has printed the errors (logLevel 'warning').
  process.exitCode = 1;
}
