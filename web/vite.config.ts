import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { artifactRuntime } from './artifact-runtime-plugin.ts';
import { prerenderedPages } from './prerendered-pages-plugin.ts';

const DEFAULT_PORT = 5173;

function devServerPort(): number {
  const raw = process.env.WEB_PORT;
  // 0 (any free port) is the local stack's business: it passes the chosen port explicitly.
  if (raw === undefined || raw === '' || raw === '0') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`WEB_PORT must be a TCP port number, got '${raw}'`);
  }
  return port;
}

// The runtime settings (pool ids, API base, ...) are NOT build-time settings: the app fetches
// `/config.json` at start-up (written from stack outputs at deploy, or by the local stack into
// serves it from memory), so one build serves every stage.
export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderedPages(), artifactRuntime()],
  // Two pages: the app (every client route) and the prerendered landing page (/ and /landing);
  // login.html is written from the app's page after the build (prerendered-pages-plugin.ts).
  build: { rollupOptions: { input: { app: 'index.html', landing: 'landing.html' } } },
  server: { port: devServerPort(), strictPort: true },
  test: {
    name: 'web',
    sequence: { groupOrder: 0 },
    environment: 'jsdom',
    // A journey test (the agent's plan, confirm, step) clicks through a dozen renders: 5 s is too
    // tight for jsdom on a loaded 2-core CI machine (one timed out at 5.4 s).
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
  },
});
