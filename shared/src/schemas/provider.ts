import * as z from 'zod';

export const providerModelSchema = z.object({ id: z.string(), name: z.string() });
export type ProviderModel = z.infer<typeof providerModelSchema>;

/** A model provider the user can chat with (GET /api-keys/providers lists them). */
export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  models: z.array(providerModelSchema),
  /** Why its models could not be listed (then `models` is empty): a key or endpoint to fix or retry. */
  error: z.string().optional(),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerListSchema = z.array(providerSchema);

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
