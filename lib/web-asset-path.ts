import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web app the stack uploads: `web/dist`. Without a build, a synth (tests, `npm run synth`)
 * uses the placeholder page with a warning; a deploy (`npm run deploy`, context `deploy=true`)
 * refuses, so the placeholder never reaches users by accident.
 */
export function webAssetPath(projectRoot: string, { deploying }: { deploying: boolean }): string {
  const built = join(projectRoot, 'web', 'dist');
  if (existsSync(join(built, 'index.html'))) return built;
  if (deploying) {
    throw new Error(
      'web/dist/index.html not found: `npm run deploy` builds the web app first; the placeholder page is never deployed.',
    );
  }
  console.warn(
    'warning: web/dist/index.html not found, synthesizing with a placeholder page. `npm run deploy` builds the app.',
  );
  return join(projectRoot, 'lib', 'web-placeholder');
}

/** Vite's output folder of content-hashed files: the only files cached for a year. */
export const HASHED_ASSETS_DIR = 'assets';
