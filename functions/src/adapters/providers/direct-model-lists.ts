/**
 * The direct APIs' own model lists (`GET {base}/models` with the user's key), narrowed to chat
 * models and named as the catalogue names them, kept per key for a while: the providers list and
 * the picker ask often, the lists change seldom.
 */
import { createHash } from 'node:crypto';
import type { ModelInfo } from '../../domain/models/model-provider.js';
import { DIRECT_PROVIDER_MODELS } from './catalog.js';

type DirectProviderId = keyof typeof DIRECT_PROVIDER_MODELS;

const MODEL_LIST_TTL_MS = 10 * 60_000;
/** Enough for every active key of a busy function instance; the oldest go first. */
const MAX_CACHED_KEYS = 1000;

interface Listed {
  id: string;
  name?: string | undefined;
}

/** Not chat models, by the id: embeddings, speech, images, moderation, realtime, search. */
const NOT_CHAT =
  /embed|audio|realtime|tts|whisper|transcribe|dall-e|image|moderation|search|computer-use|babbage|davinci|ocr/i;

const object = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The chat models in a provider's answer, in its order. */
function listedModels(provider: DirectProviderId, body: unknown): Listed[] {
  const root = object(body);
  if (provider === 'google') {
    const models = Array.isArray(root.models) ? root.models.map(object) : [];
    return models
      .filter((model) =>
        (model.supportedGenerationMethods as unknown[] | undefined)?.includes('generateContent'),
      )
      .flatMap((model) => {
        const id = text(model.name)?.replace(/^models\//, '');
        return id ? [{ id, name: text(model.displayName) }] : [];
      });
  }
  const data = Array.isArray(root.data) ? root.data.map(object) : [];
  return data.flatMap((model) => {
    const id = text(model.id);
    if (!id) return [];
    if (provider === 'mistral' && object(model.capabilities).completion_chat === false) return [];
    if (provider === 'openai' && !/^(gpt-|o\d|chatgpt-)/.test(id)) return [];
    return [{ id, name: text(model.display_name) ?? text(model.name) }];
  });
}

/**
 * The provider's chat models: those of our curated list it offers first, in our order and with our
 * names, then the rest as it names them. An answer that is not a model list rejects.
 */
export function chatModelsFrom(provider: DirectProviderId, body: unknown): ModelInfo[] {
  const root = object(body);
  if (!Array.isArray(provider === 'google' ? root.models : root.data)) {
    throw new Error('/models did not answer a model list');
  }
  const listed = listedModels(provider, body).filter((model) => !NOT_CHAT.test(model.id));
  const offered = new Set(listed.map((model) => model.id));
  const curated = DIRECT_PROVIDER_MODELS[provider].filter((model) => offered.has(model.id));
  const known = new Set(curated.map((model) => model.id));
  return [
    ...curated,
    ...listed.filter((model) => !known.has(model.id)).map(({ id, name }) => ({ id, name: name || id })),
  ];
}

const cache = new Map<string, { until: number; models: Promise<ModelInfo[]> }>();

/**
 * `load()` once per key (provider, base URL and API key, hashed: no key is kept in the clear) while
 * fresh; a failed load is not kept, so a fixed key or a provider back up shows at once.
 */
export function cachedModelList(
  identity: { provider: DirectProviderId; baseUrl: string; apiKey: string },
  load: () => Promise<ModelInfo[]>,
  now = Date.now(),
): Promise<ModelInfo[]> {
  const key = createHash('sha256')
    .update(`${identity.provider}\n${identity.baseUrl}\n${identity.apiKey}`)
    .digest('base64url');
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.models;
  cache.delete(key);
  if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value as string);
  const models = load();
  const entry = { until: now + MODEL_LIST_TTL_MS, models };
  cache.set(key, entry);
  models.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return models;
}
