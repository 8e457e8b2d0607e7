import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildOptions, Plugin } from 'esbuild';

/**
 * ESM bundles have no `require`; some CommonJS dependencies (the MCP SDK's stdio client, parts
 * of the AWS SDK) still call it, which fails with "Dynamic require of ... is not supported".
 */
const CREATE_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** zod's index of its locales (`export * as locales` in zod's namespace), ESM or CommonJS. */
const ZOD_LOCALES_INDEX = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.c?js$/;

/**
 * zod's locales, English only. The AI SDK and MCP SDK packages (and our own `import * as z`) use
 * zod's whole namespace, which holds `locales` (about 40 languages, ~250 KB minified): esbuild
 * keeps every one. Here zod's locales index is answered with `en` alone, the same module zod's
 * schemas register as the default (its messages are unchanged); nothing of ours picks a locale.
 * It matches the index by path, not its contents, so a zod patch adding a language changes
 * nothing; one moving `en.js` fails the build here rather than shipping without it.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: ZOD_LOCALES_INDEX }, ({ path }) => {
      const commonJs = path.endsWith('.cjs');
      const english = commonJs ? './en.cjs' : './en.js';
      if (!existsSync(join(dirname(path), english))) {
        throw new Error(`zod's English locale is not at ${join(dirname(path), english)}`);
      }
      return {
        contents: commonJs
          ? `Object.defineProperty(exports, "__esModule", { value: true }); exports.en = require("${english}").default;`
          : `export { default as en } from "${english}";`,
        loader: 'js',
        resolveDir: dirname(path),
      };
    });
  },
};

/**
 * How every Lambda is bundled, in esbuild's own terms: `scripts/bench` and the tests bundle with
 * the very same options. ESM with code splitting: what a handler imports lazily (the AI SDK
 * provider packages, rarely used AWS SDK credential providers) becomes chunks loaded on first
 * use, so the cold start reads only the default path. NodejsFunction cannot split (it always
 * passes --outfile), hence our own local bundling (agent-function.ts). The AWS SDK is bundled, so
 * its version is the one pinned in package-lock.json, not whatever the Lambda runtime ships. The
 * plugin needs esbuild's async API: `bundleLambdaSync` runs it for CDK's synchronous bundling.
 */
export const LAMBDA_ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  splitting: true,
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  mainFields: ['module', 'main'],
  minify: true,
  treeShaking: true,
  sourcemap: true,
  sourcesContent: false,
  banner: { js: CREATE_REQUIRE_BANNER },
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
} as const satisfies BuildOptions;

/**
 * The Node options every function runs with: the bundles' source maps (`sourcemap` above) are
 * read at startup, so a logged error's stack names the TypeScript source. It costs the cold
 * start the maps' parsing (docs/decisions/performance-cold-start.md), which the stream function's
 * bench pays as Lambda does.
 */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps';

/** What the bundling process is given (stdin, JSON): the entries by output name and where to write. */
export interface LambdaBundleRequest {
  readonly entryPoints: Readonly<Record<string, string>>;
  readonly outdir: string;
}

const BUNDLER = join(import.meta.dirname, 'lambda-bundler.ts');

/**
 * Bundles a function with LAMBDA_ESBUILD_OPTIONS from synchronous code (CDK's local bundling):
 * esbuild's `buildSync` runs no plugins, so a child process (`lambda-bundler.ts`, through tsx as
 * the CDK app itself runs) calls its async `build`. Its warnings and errors go to this stderr.
 */
export function bundleLambdaSync(request: LambdaBundleRequest): void {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const result = spawnSync(process.execPath, ['--import', tsx, BUNDLER], {
    input: JSON.stringify(request),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const entries = Object.values(request.entryPoints);
    const more = entries.length > 1 ? ` and ${entries.length - 1} more` : '';
    throw new Error(`Bundling ${entries.at(-1)}${more} failed (exit ${result.status})`);
  }
}
