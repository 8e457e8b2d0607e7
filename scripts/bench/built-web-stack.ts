import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { startTestStack } from '../../test/support/local-stack.js';

const WEB = join(import.meta.dirname, '../../web');

/**
 * A local stack serving the web app's production build (vite build, React's production build) on
 * its web port as CloudFront serves it: what users get, for the Chromium benches.
 */
export async function startBuiltWebStack() {
  const dir = await mkdtemp(join(tmpdir(), 'agentforge-built-web-'));
  const outDir = join(dir, 'dist');
  await build({ root: WEB, configFile: join(WEB, 'vite.config.ts'), logLevel: 'silent', build: { outDir } });
  const stack = await startTestStack({ web: { build: outDir } });
  return {
    ...stack,
    stop: async () => {
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
