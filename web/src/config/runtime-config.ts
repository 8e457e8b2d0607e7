import { type RuntimeConfig, runtimeConfigSchema } from '@agentforge/shared';
import * as z from 'zod/mini';
import '../lib/zod-locale';

/** Where the deployed site (and the local stack, through `public/`) serves the runtime configuration. */
export const RUNTIME_CONFIG_PATH = '/config.json';

/** The runtime configuration could not be loaded or is invalid: the app cannot start. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/**
 * Fetches and checks `/config.json`. Throws a {@link RuntimeConfigError} whose message says what
 * is wrong (missing file, not JSON, or which fields are invalid).
 */
export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_PATH, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    throw new RuntimeConfigError(`Could not fetch ${RUNTIME_CONFIG_PATH}: the server is unreachable.`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new RuntimeConfigError(
      `Could not load ${RUNTIME_CONFIG_PATH} (HTTP ${response.status}). The file is missing on this server.`,
    );
  }
  // A single-page-app fallback (Vite dev server, CloudFront) answers a missing file with index.html.
  if (response.headers.get('content-type')?.includes('text/html')) {
    throw new RuntimeConfigError(
      `${RUNTIME_CONFIG_PATH} is missing: the server answered with an HTML page instead of the configuration.`,
    );
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is not valid JSON.`, { cause: error });
  }
  return parseRuntimeConfig(json);
}

/** Checks a parsed `config.json` against the shared schema. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(json);
  if (!result.success) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is invalid:\n${z.prettifyError(result.error)}`, {
      cause: result.error,
    });
  }
  return result.data;
}

let current: RuntimeConfig | undefined;

/** Loads the runtime configuration once at start-up (called by `main.tsx`) and keeps it for {@link getRuntimeConfig}. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  current ??= await fetchRuntimeConfig(fetchImpl);
  return current;
}

/** The configuration loaded at start-up; the app renders only after it is loaded. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('The runtime configuration has not been loaded yet.');
  return current;
}

/** Whether the operator configured a search API (the chat's 'Web search' toggle); not before the config is loaded. */
export const webSearchConfigured = (): boolean => current?.webSearch === true;
