import { loadOnce } from '../../../lib/load-once';

/**
 * The goal's and the steps' run code (`utils/agent-run-specs.ts`), loaded when a plan mode is chosen or
 * a plan shown: a Direct Chat's first paint goes without it.
 */
const loadRunCode = loadOnce(() => import('../utils/agent-run-specs'));
type RunCode = NonNullable<typeof loadRunCode.loaded>;

export const preloadRunCode = (): Promise<RunCode> => loadRunCode();

/** Calls `use` with the run code: at once when loaded (the usual case: preloaded), else when it loads. */
export function withRunCode(use: (code: RunCode) => void, failed: () => void): void {
  if (loadRunCode.loaded) use(loadRunCode.loaded);
  else loadRunCode().then(use, failed);
}
