/**
 * AI SDK language models kept for a function instance's warm replies. A model object is
 * stateless between calls, but making one is not cheap: the OpenAI-compatible model builds its
 * chunk schema in its constructor, and zod compiles a schema on its first parse, about 2 ms of
 * CPU per reply on the stream's path (docs/decisions/performance-stream.md). The credentials are still
 * read and decrypted for every reply (a removed key stops at once); this only reuses the SDK
 * object built for the same ones.
 */
import { createHash } from 'node:crypto';
import type { LanguageModelV3 } from '@ai-sdk/provider';

/**
 * Models unused this long are made again: as long as the decrypted secrets are kept
 * (adapters/secrets/decrypt-cache.ts), so no plaintext key lives longer here than there.
 */
const MODEL_TTL_MS = 5 * 60_000;
/** Enough for a busy instance's active keys and models; the oldest go first. */
const MAX_CACHED_MODELS = 200;

export interface LanguageModelIdentity {
  provider: string;
  baseUrl: string;
  apiKey?: string | undefined;
  /** The requests' fetch (the stage's outbound guard): a model is only reused with the same one. */
  fetch: typeof fetch;
}

const byFetch = new WeakMap<typeof fetch, Map<string, { until: number; model: Promise<LanguageModelV3> }>>();

/**
 * `make()` once per provider, base URL, key (hashed: no key is a map key in the clear), model and
 * search choice while used; a failed make is not kept.
 */
export function cachedLanguageModel(
  identity: LanguageModelIdentity,
  modelId: string,
  variant: string,
  make: () => Promise<LanguageModelV3>,
  now = Date.now(),
): Promise<LanguageModelV3> {
  let cache = byFetch.get(identity.fetch);
  if (!cache) {
    cache = new Map();
    byFetch.set(identity.fetch, cache);
  }
  const key = createHash('sha256')
    .update([identity.provider, identity.baseUrl, identity.apiKey ?? '', modelId, variant].join('\n'))
    .digest('base64url');
  const hit = cache.get(key);
  cache.delete(key);
  if (hit && hit.until > now) {
    // Re-inserted: the Map's order is then least recently used first.
    cache.set(key, { until: now + MODEL_TTL_MS, model: hit.model });
    return hit.model;
  }
  if (cache.size >= MAX_CACHED_MODELS) cache.delete(cache.keys().next().value as string);
  const model = make();
  const entry = { until: now + MODEL_TTL_MS, model };
  cache.set(key, entry);
  model.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return model;
}
