import { getRuntimeConfig } from '../../../config/runtime-config';

/** The API base (ends with /api), or undefined before the runtime configuration is loaded. */
export function useApiBaseUrl(): string | undefined {
  try {
    return getRuntimeConfig().apiBaseUrl;
  } catch {
    return undefined;
  }
}
