import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BridgeCommand {
  command: string;
  args: string[];
}

/** The bridge's entry point and the directory its installed packages resolve from. */
export const BRIDGE_ENTRY = fileURLToPath(new URL('../../runner/main.ts', import.meta.url));
export const BRIDGE_DIR = dirname(BRIDGE_ENTRY);

/**
 * Bundles the bridge once into `outDir` with esbuild (a dev dependency of the local stack): a
 * bundle starts ~0.8 s faster than the TypeScript entry under tsx. The SDK's stdio client needs
 * `require` (cross-spawn), hence the `createRequire` banner. Without esbuild: tsx.
 */
export async function buildBridgeCommand(outDir: string): Promise<BridgeCommand> {
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch {
    return { command: process.execPath, args: ['--import', 'tsx', BRIDGE_ENTRY] };
  }
  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, 'bridge.mjs');
  const temporary = join(outDir, `bridge-${randomUUID()}.mjs`);
  await esbuild.build({
    entryPoints: [BRIDGE_ENTRY],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  await rename(temporary, outfile); // atomic: another runner may be starting the previous one
  return { command: process.execPath, args: [outfile] };
}
