import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS } from '../../lib/constructs/lambda-bundling';
import { coldStartInputs } from '../../scripts/bench/lambda-cold-start';
import { projectRoot } from './synth';

/** Bundles a handler exactly as the function construct does (with its extra entries, by output name). */
async function bundle(handler: string, extraEntries: Record<string, string> = {}): Promise<Metafile> {
  const outdir = await mkdtemp(join(tmpdir(), 'agentforge-cold-start-'));
  try {
    const { metafile } = await build({
      ...LAMBDA_ESBUILD_OPTIONS,
      entryPoints: { ...extraEntries, index: join(projectRoot, 'functions/src/handlers', handler) },
      outdir,
      entryNames: '[name]',
      metafile: true,
      logLevel: 'silent',
    });
    return metafile;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

/** What a handler's cold start loads. */
const coldStartOf = async (handler: string) => coldStartInputs(await bundle(handler));

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

describe('the account function', { timeout: 240_000 }, () => {
  it("starts without the deletions' code, which it loads when a deletion runs", async () => {
    const metafile = await bundle('account/index.ts');
    const deletion = (inputs: string[]) =>
      inputs.filter(
        (input) => input.endsWith('composition/account-deletion.ts') || /node_modules\/stripe\//.test(input),
      );
    expect(deletion(coldStartInputs(metafile))).toEqual([]);
    // In its bundle all the same (a lazy chunk): the check above does look for them.
    expect(deletion(Object.keys(metafile.inputs)).length).toBeGreaterThan(1);
  });
});

/** PDF and DOCX extraction: pdf.js (unpdf), mammoth and its zip reader, and our code that calls them. */
const EXTRACTION =
  /node_modules\/(unpdf|mammoth|jszip|pdfjs-dist)\/|adapters\/knowledge\/extract(-worker)?\.ts$/;

describe('knowledge functions and the extraction libraries', { timeout: 240_000 }, () => {
  it('keeps them out of the knowledge API, and out of the indexer but for its worker', async () => {
    // The API, every chunk (lazy ones too): it never extracts.
    const api = await bundle('knowledge/index.ts');
    expect(Object.keys(api.inputs).filter((input) => EXTRACTION.test(input))).toEqual([]);
    // The indexer as its construct bundles it: the handler's cold start has none of them.
    const worker = join(projectRoot, 'functions/src/adapters/knowledge/extract-worker.ts');
    const indexer = await bundle('knowledge/index-file.ts', { 'extract-worker': worker });
    expect(coldStartInputs(indexer).filter((input) => EXTRACTION.test(input))).toEqual([]);
    // They are in its bundle (the worker's chunks): the pattern above does find them.
    const packages = packagesIn(Object.keys(indexer.inputs));
    expect(['unpdf', 'mammoth'].filter((name) => packages.has(name))).toEqual(['unpdf', 'mammoth']);
  });
});
