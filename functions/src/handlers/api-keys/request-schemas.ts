import { createApiKeyBodySchema, validateApiKeyBodySchema } from '@agentforge/shared';
import * as z from 'zod';
import type { ValidateApiKeyRequest } from '../../domain/api-keys/api-key-service.js';
import { MAX_SECRET_BYTES } from '../../domain/secret-cipher.js';

/** The shared body schemas plus the server's own limit: a key is encrypted whole (KMS: 4 KB). */
const fitsSecretLimit = (body: { apiKey?: string | undefined }) =>
  !body.apiKey || Buffer.byteLength(body.apiKey, 'utf8') <= MAX_SECRET_BYTES;
const tooLarge = { path: ['apiKey'], message: `An API key may be at most ${MAX_SECRET_BYTES} bytes` };

export const createApiKeyRequestSchema = createApiKeyBodySchema.check(z.refine(fitsSecretLimit, tooLarge));

const storedKeyReferenceSchema = z.strictObject({ keyId: z.string().min(1).max(64) });
const unsavedCredentialsSchema = validateApiKeyBodySchema.check(z.refine(fitsSecretLimit, tooLarge));

/**
 * POST /api-keys/validate: `{ keyId }` (a stored key) or `{ provider, apiKey, baseUrl }`. Picked
 * by the presence of `keyId`, so a bad body gets that shape's own messages, not "Invalid input".
 */
export const validateApiKeyRequestSchema = z.unknown().transform((value, ctx): ValidateApiKeyRequest => {
  const isReference = typeof value === 'object' && value !== null && 'keyId' in value;
  const result = (isReference ? storedKeyReferenceSchema : unsavedCredentialsSchema).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});

export const apiKeyIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
