import { join } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Where the sandboxed preview frame loads the artifacts' runtimes (artifact-document.ts). */
const BASE = '/artifact-runtime/';

/** The runtimes, each one script of its own: the library and the few lines that render with it. */
const RUNTIMES: Record<string, string> = {
  'mermaid.js': 'src/artifact-runtime/mermaid-runtime.ts',
  'react.js': 'src/artifact-runtime/react-runtime.ts',
};

/** One classic script (an IIFE): the frame's opaque origin cannot load modules without CORS. */
async function bundle(root: string, entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild gave nothing for ${entry}`);
  return output.text;
}

/**
 * The libraries that render Mermaid and React artifacts (mermaid; sucrase, react and react-dom)
 * as static files of the web app, built apart from it: the app never loads them (its bundles do
 * not grow), the preview frame does when such an artifact is opened. Served by the dev server,
 * emitted by the build (under `artifact-runtime/`, deployed with the app, no CDN).
 */
export function artifactRuntime(): Plugin {
  let root = '';
  const built = new Map<string, Promise<string>>();
  const runtime = (name: string, entry: string) => {
    let code = built.get(name);
    if (!code) {
      code = bundle(root, entry);
      code.catch(() => built.delete(name));
      built.set(name, code);
    }
    return code;
  };
  return {
    name: 'agentforge-artifact-runtime',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        const entry = path.startsWith(BASE) ? RUNTIMES[path.slice(BASE.length)] : undefined;
        if (!entry) return next();
        runtime(path, entry).then((code) => {
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.end(code);
        }, next);
      });
    },
    async generateBundle() {
      for (const [name, entry] of Object.entries(RUNTIMES)) {
        this.emitFile({
          type: 'asset',
          fileName: `artifact-runtime/${name}`,
          source: await runtime(name, entry),
        });
      }
    },
  };
}
