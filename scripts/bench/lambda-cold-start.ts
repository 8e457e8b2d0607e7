import type { Metafile } from 'esbuild';

/**
 * The chunks a Lambda's cold start reads: its entry (index.mjs) and every chunk that imports
 * statically. Each dynamic import is an entry point of its own in esbuild's metafile, so the
 * function's entry is found by name, not by `entryPoint`.
 */
export function coldStartChunks(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => file.endsWith('/index.mjs'));
  if (!entry) throw new Error('The bundle has no index.mjs');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  return [...seen];
}

/** The source files (and packages' files) a cold start loads: the inputs of its chunks. */
export function coldStartInputs(metafile: Metafile): string[] {
  return coldStartChunks(metafile).flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
}
