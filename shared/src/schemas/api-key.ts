import * as z from 'zod/mini';
import { MAX_API_KEY_LENGTH, MAX_URL_LENGTH } from '../constants/limits';
import { API_KEY_MESSAGES } from '../messages/api-key';

export const API_KEY_PROVIDERS = ['anthropic', 'openai', 'google', 'mistral', 'custom'] as const;
export type ApiKeyProvider = (typeof API_KEY_PROVIDERS)[number];

/** The endpoint of a custom (OpenAI-compatible) provider, e.g. a local Ollama. */
const baseUrlField = z
  .url({ protocol: /^https?$/, error: API_KEY_MESSAGES.invalidBaseUrl })
  .check(z.maxLength(MAX_URL_LENGTH, `The base URL may be at most ${MAX_URL_LENGTH} characters`));

const credentialsShape = {
  provider: z.enum(API_KEY_PROVIDERS),
  apiKey: z.optional(
    z
      .string()
      .check(z.trim(), z.minLength(1, API_KEY_MESSAGES.apiKeyRequired), z.maxLength(MAX_API_KEY_LENGTH)),
  ),
  baseUrl: z.optional(baseUrlField),
};

/** A custom provider needs a base URL and may go without a key; the others need a key. */
function checkCredentials(
  body: { provider: ApiKeyProvider; apiKey?: string | undefined; baseUrl?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (body.provider === 'custom' && !body.baseUrl) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: API_KEY_MESSAGES.baseUrlRequired });
  }
  if (body.provider !== 'custom' && !body.apiKey) {
    ctx.addIssue({ code: 'custom', path: ['apiKey'], message: API_KEY_MESSAGES.apiKeyRequired });
  }
}

/** POST /api-keys */
export const createApiKeyBodySchema = z
  .object({
    ...credentialsShape,
    label: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  })
  .check(z.superRefine(checkCredentials));
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** POST /api-keys/validate: checks the credentials against the provider without storing them. */
export const validateApiKeyBodySchema = z.object(credentialsShape).check(z.superRefine(checkCredentials));
export type ValidateApiKeyBody = z.infer<typeof validateApiKeyBodySchema>;

export const validateApiKeyResponseSchema = z.object({ valid: z.boolean(), message: z.optional(z.string()) });
export type ValidateApiKeyResponse = z.infer<typeof validateApiKeyResponseSchema>;

/** A stored key as the API shows it: never the key itself, only its last 4 characters. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  provider: z.enum(API_KEY_PROVIDERS),
  label: z.string(),
  baseUrl: z.optional(z.string()),
  /** Empty for a custom provider stored without a key. */
  last4: z.string().check(z.maxLength(4)),
  /** Epoch milliseconds. */
  createdAt: z.number(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export function lastFour(secret: string): string {
  return secret.slice(-4);
}
