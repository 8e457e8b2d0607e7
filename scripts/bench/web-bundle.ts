import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const WEB = join(import.meta.dirname, '../../web');

/** The route modules a first visit to each path loads (after the entry), as Vite's manifest keys. */
const ROUTES: { path: string; modules: string[] }[] = [
  { path: '/', modules: ['src/app/routes/landing.tsx'] },
  { path: '/home', modules: ['src/app/routes/app/home.tsx'] },
];

/** A chunk and every chunk it imports statically (what the browser fetches before it runs). */
function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk '${key}'`);
    seen.add(key);
    staticClosure(manifest, chunk.imports ?? [], seen);
  }
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;

/**
 * Builds the web app as a deploy does and prints the gzipped JavaScript each landing path loads:
 * the entry chunk, the route's lazy module and every chunk those import statically. Lazy parts
 * a route loads only on demand (the code highlighter) are left out.
 */
export async function benchWebBundle(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'agentforge-web-'));
  try {
    await build({
      root: WEB,
      configFile: join(WEB, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error('The manifest has no entry chunk');
    const gzipped = async (key: string) => {
      const file = manifest[key]?.file;
      return file ? gzipSync(await readFile(join(outDir, file))).length : 0;
    };

    console.log('\nWeb app (vite build; JavaScript a first visit loads, gzipped)');
    console.log(
      `  ${'path'.padEnd(10)} ${'entry'.padStart(11)} ${'route'.padStart(11)} ${'total'.padStart(11)}  chunks`,
    );
    const entryChunks = staticClosure(manifest, [entry]);
    let entryBytes = 0;
    for (const key of entryChunks) entryBytes += await gzipped(key);
    for (const { path, modules } of ROUTES) {
      const routeChunks = [...staticClosure(manifest, modules)].filter((key) => !entryChunks.has(key));
      let routeBytes = 0;
      for (const key of routeChunks) routeBytes += await gzipped(key);
      const count = entryChunks.size + routeChunks.length;
      console.log(
        `  ${path.padEnd(10)} ${kb(entryBytes)} ${kb(routeBytes)} ${kb(entryBytes + routeBytes)}  ${count}`,
      );
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
