import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundleLambdaSync } from '../../lib/constructs/lambda-bundling';
import { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { parseStageConfig } from '../../lib/stage-config';
import { handler as zodMessages } from './fixtures/zod-messages-handler';
import { fixtureHandler, projectRoot, testApp, testStageConfig } from './synth';

/**
 * Every function's entry, by output name (`messages-generate-stream`), as the stack asks for them,
 * on a stage with the optional functions on (the pre-sign-up trigger, the failed sign-ins' one).
 */
function functionEntries(): Record<string, string> {
  const modules = new Set<string>();
  new AgentForgeStack(testApp(), 'AgentForge-test', {
    env: { region: 'us-east-1', account: '123456789012' },
    config: parseStageConfig({
      ...testStageConfig,
      auditFailedSignIns: true,
      google: { clientId: 'google-client-id', clientSecretName: 'agentforge/test/google' },
    }),
    projectRoot,
    webAssetPath: join(projectRoot, 'lib/web-placeholder'),
    handlerEntry: (module) => {
      modules.add(module);
      return fixtureHandler;
    },
    runnerEntry: fixtureHandler,
  });
  return {
    ...Object.fromEntries(
      [...modules].map((module) => [
        module.replace('/', '-'),
        join(projectRoot, 'functions/src/handlers', `${module}.ts`),
      ]),
    ),
    // The knowledge indexer's worker thread, bundled beside its handler (knowledge-indexing.ts).
    'extract-worker': join(projectRoot, 'functions/src/adapters/knowledge/extract-worker.ts'),
  };
}

/** The zod locales (`de`, `en`, ...) in a bundle, from its source maps' sources. */
async function zodLocalesIn(outdir: string): Promise<string[]> {
  const maps = (await readdir(outdir, { recursive: true })).filter((file) => file.endsWith('.mjs.map'));
  const locales = new Set<string>();
  for (const map of maps) {
    const { sources } = JSON.parse(await readFile(join(outdir, map), 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const locale = source.match(/\/zod\/v4\/locales\/([\w-]+)\.c?js$/)?.[1];
      if (locale && locale !== 'index') locales.add(locale);
    }
  }
  return [...locales].sort();
}

async function withOutdir<T>(use: (outdir: string) => Promise<T>): Promise<T> {
  const outdir = await mkdtemp(join(tmpdir(), 'agentforge-zod-locales-'));
  try {
    return await use(outdir);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

describe("zod's locales in the function bundles", { timeout: 240_000 }, () => {
  it("keeps only English in every function's bundle, bundled as CDK bundles them", async () => {
    const entries = functionEntries();
    // The API areas, the streams, the triggers and the scheduled functions: a misread stack finds few.
    expect(Object.keys(entries).length).toBeGreaterThan(25);
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining(['messages-generate-stream', 'auth-pre-sign-up', 'auth-sign-in-events']),
    );
    // One build of every entry: the modules it holds are those of all the functions' bundles.
    const locales = await withOutdir(async (outdir) => {
      bundleLambdaSync({ entryPoints: entries, outdir });
      return zodLocalesIn(outdir);
    });
    expect(locales).toEqual(['en']);
  });

  it("gives zod's English messages unchanged, and z.locales holds `en` alone", async () => {
    const bundled = await withOutdir(async (outdir) => {
      bundleLambdaSync({
        entryPoints: { index: join(projectRoot, 'test/infra/fixtures/zod-messages-handler.ts') },
        outdir,
      });
      // A fresh node process, as a Lambda instance imports and invokes its bundle.
      const script =
        `const { handler } = await import(${JSON.stringify(pathToFileURL(join(outdir, 'index.mjs')).href)});` +
        'console.log(JSON.stringify(await handler()));';
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
      return JSON.parse(stdout) as Awaited<ReturnType<typeof zodMessages>>;
    });
    const unbundled = await zodMessages();
    expect(bundled.messages).toEqual(unbundled.messages);
    expect(bundled.messages).toContain('Invalid input: expected int, received number');
    expect(bundled.locales).toEqual(['en']);
    // Unbundled, zod has them all: the bundle's `en` alone is the plugin's doing.
    expect(unbundled.locales.length).toBeGreaterThan(30);
  });

  it("fails the synth when a function's bundle fails", async () => {
    const missing = join(projectRoot, 'test/infra/fixtures/missing.ts');
    await withOutdir(async (outdir) => {
      expect(() => bundleLambdaSync({ entryPoints: { index: missing }, outdir })).toThrow(
        /Bundling .*missing\.ts failed/,
      );
    });
  });
});
