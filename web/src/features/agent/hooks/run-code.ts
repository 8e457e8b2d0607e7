type RunCode = Pick<typeof import('./agent-run-specs'), 'goalRun' | 'stepRun'>;

let loaded: RunCode | undefined;
let loading: Promise<RunCode> | undefined;

/**
 * The goal's and the steps' run code (`agent-run-specs.ts`), loaded when a plan mode is chosen or
 * a plan shown: a Direct Chat's first paint goes without it.
 */
export function preloadRunCode(): Promise<RunCode> {
  loading ??= import('./agent-run-specs').then(
    ({ goalRun, stepRun }) => {
      loaded = { goalRun, stepRun };
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Calls `use` with the run code: at once when loaded (the usual case: preloaded), else when it loads. */
export function withRunCode(use: (code: RunCode) => void, failed: () => void): void {
  if (loaded) use(loaded);
  else preloadRunCode().then(use, failed);
}
