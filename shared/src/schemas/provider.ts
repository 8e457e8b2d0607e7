import * as z from 'zod/mini';
import { DEFAULT_MODEL, DEFAULT_PROVIDER } from '../constants/product';

export const providerModelSchema = z.object({ id: z.string(), name: z.string() });
export type ProviderModel = z.infer<typeof providerModelSchema>;

/** A model provider the user can chat with (GET /api-keys/providers lists them). */
export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  models: z.array(providerModelSchema),
  /** Why its models could not be listed (then `models` is empty): a key or endpoint to fix or retry. */
  error: z.optional(z.string()),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerListSchema = z.array(providerSchema);

/**
 * Spec 4 "Provider fallback", when the chosen provider or model is not offered: the spec's default
 * model (spec 9) where a provider offers it, the default provider's first; else the first model of
 * the first provider that has one; null when nothing is offered.
 */
export function fallbackModel(providers: readonly Provider[]): { provider: string; model: string } | null {
  const offering = providers
    .filter((provider) => provider.models.some((model) => model.id === DEFAULT_MODEL))
    .sort((a, b) => Number(b.id === DEFAULT_PROVIDER) - Number(a.id === DEFAULT_PROVIDER));
  const withDefault = offering[0];
  if (withDefault) return { provider: withDefault.id, model: DEFAULT_MODEL };
  for (const provider of providers) {
    const model = provider.models[0];
    if (model) return { provider: provider.id, model: model.id };
  }
  return null;
}

export const PROVIDER_COLORS = {
  anthropic: 'blue',
  openai: 'green',
  mistral: 'amber',
  google: 'purple',
} as const;
export type ProviderColor = (typeof PROVIDER_COLORS)[keyof typeof PROVIDER_COLORS] | 'gray';

/** The colour name of a provider's badge; unknown providers are gray. */
export function providerColor(providerId: string | null | undefined): ProviderColor {
  const id = (providerId ?? '').toLowerCase();
  return Object.hasOwn(PROVIDER_COLORS, id) ? PROVIDER_COLORS[id as keyof typeof PROVIDER_COLORS] : 'gray';
}
