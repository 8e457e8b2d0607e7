import type { Provider } from '@agentforge/shared';
import type { StoredApiKey } from './api-key.js';

/** How long a function instance reuses a user's providers list (GET /api-keys/providers). */
export const PROVIDERS_CACHE_TTL_MS = 60_000;
/** Users kept per function instance; the oldest entry goes first. */
const MAX_CACHED_USERS = 1_000;

/**
 * The providers lists this function instance built lately, each under its user and the key set it
 * was built from: a key added, replaced or deleted (by any instance) makes another key set, so the
 * entry is not used again. A list with a failing provider is not kept, so its retry asks again.
 */
export function createProviderCache(now: () => number, ttlMs = PROVIDERS_CACHE_TTL_MS) {
  const entries = new Map<string, { keySet: string; expiresAt: number; providers: Provider[] }>();
  return {
    get(userId: string, keys: readonly StoredApiKey[]): Provider[] | undefined {
      const entry = entries.get(userId);
      if (!entry || entry.keySet !== keySetOf(keys) || entry.expiresAt <= now()) return undefined;
      return entry.providers;
    },
    set(userId: string, keys: readonly StoredApiKey[], providers: Provider[]): void {
      entries.delete(userId);
      if (providers.some((provider) => provider.error)) return;
      entries.set(userId, { keySet: keySetOf(keys), expiresAt: now() + ttlMs, providers });
      if (entries.size > MAX_CACHED_USERS) entries.delete(entries.keys().next().value as string);
    },
    forget: (userId: string) => void entries.delete(userId),
  };
}
export type ProviderCache = ReturnType<typeof createProviderCache>;

const keySetOf = (keys: readonly StoredApiKey[]) =>
  keys
    .map((key) => `${key.keyId}@${key.createdAt}`)
    .sort()
    .join(',');
