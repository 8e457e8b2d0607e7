import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS } from '../../lib/constructs/agent-function';
import { coldStartInputs } from '../../scripts/bench/lambda-cold-start';
import { projectRoot } from './synth';

/** Bundles a handler exactly as the function construct does and lists what its cold start loads. */
async function coldStartOf(handler: string): Promise<string[]> {
  const outdir = await mkdtemp(join(tmpdir(), 'agentforge-cold-start-'));
  try {
    const { metafile } = await build({
      ...LAMBDA_ESBUILD_OPTIONS,
      entryPoints: { index: join(projectRoot, 'functions/src/handlers', handler) },
      outdir,
      metafile: true,
      logLevel: 'silent',
    });
    return coldStartInputs(metafile);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

const packagesIn = (inputs: string[]) =>
  new Set(inputs.flatMap((input) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? []));

describe("the API's agent function", () => {
  it('starts without the models, the MCP client or the JSON Schema validator (the streams load those)', async () => {
    const inputs = await coldStartOf('agent/index.ts');
    expect(
      [...packagesIn(inputs)].filter((name) => /^(ajv|@ai-sdk\/|@modelcontextprotocol\/)/.test(name)),
    ).toEqual([]);
    // Nor whole zod (its locales come only with the clients that use zod's every export).
    expect(inputs.some((input) => input.includes('zod/v4/locales/he'))).toBe(false);
  });
});
