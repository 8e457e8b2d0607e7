/** Code loaded on first use: a call loads it (once; again after a failure), `loaded` has it since. */
export type LoadOnce<T> = { (): Promise<T>; loaded: T | undefined };

/** Wraps a dynamic import so that it runs once, and its module can be read synchronously after. */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  const get: LoadOnce<T> = Object.assign(
    () => {
      loading ??= load().then(
        (module) => {
          get.loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    { loaded: undefined as T | undefined },
  );
  return get;
}
