import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, five projects run in groups one after the other (groupOrder): unit and web,
// infra, integration (real handlers on the local stack), e2e (Chromium). `npm test` runs them all.
export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs unit, web and infra one file at a time
    // on CI's two cores; integration and e2e stay one at a time (fileParallelism: false). Measured
    // in docs/decisions/foundation.md.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      'web/vite.config.ts',
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          sequence: { groupOrder: 1 },
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // A hook synthesizes the whole app (seconds on an idle machine, more on a loaded one).
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
