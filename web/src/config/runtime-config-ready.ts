import type { RuntimeConfig } from '@agentforge/shared';

type LoadRuntimeConfig = () => Promise<RuntimeConfig>;

let load: LoadRuntimeConfig | undefined;
let ready: Promise<RuntimeConfig | undefined> | undefined;

/**
 * Where the runtime configuration comes from (`main.tsx`: `/config.json`, checked against its
 * schema). It is loaded on first need, by the identity library or a page that reads the API, so
 * the public pages render without waiting for it or loading the schema library. Tests set none:
 * they mock what reads it.
 */
export function loadRuntimeConfigWith(loader: LoadRuntimeConfig): void {
  load = loader;
}

/** The runtime configuration once loaded (undefined where none is set); rejects when it cannot be loaded. */
export function runtimeConfigReady(): Promise<RuntimeConfig | undefined> {
  ready ??= load ? load() : Promise.resolve(undefined);
  return ready;
}

/** Whether the app has a runtime configuration to load (tests have none). */
export function hasRuntimeConfig(): boolean {
  return load !== undefined;
}
