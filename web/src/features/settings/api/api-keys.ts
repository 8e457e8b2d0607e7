import {
  type ApiKeyView,
  apiKeyViewSchema,
  type CreateApiKeyBody,
  type ValidateApiKeyBody,
  type ValidateApiKeyResponse,
  validateApiKeyResponseSchema,
} from '@agentforge/shared';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';

const apiKeyListSchema = z.array(apiKeyViewSchema);

/** GET /api-keys: the stored keys, masked (last 4 characters only). */
export function listApiKeys(signal?: AbortSignal): Promise<ApiKeyView[]> {
  return apiClient.get('/api-keys', { schema: apiKeyListSchema, ...(signal ? { signal } : {}) });
}

/** POST /api-keys: stores a key (a provider's new key replaces its old one) or a custom endpoint. */
export function createApiKey(body: CreateApiKeyBody): Promise<ApiKeyView> {
  return apiClient.post('/api-keys', body, { schema: apiKeyViewSchema });
}

/** DELETE /api-keys/{id} (204). */
export async function deleteApiKey(id: string): Promise<void> {
  await apiClient.del(`/api-keys/${encodeURIComponent(id)}`);
}

/** POST /api-keys/validate: asks the provider whether a stored key, or credentials not saved yet, work. */
export function validateApiKey(
  request: { keyId: string } | ValidateApiKeyBody,
): Promise<ValidateApiKeyResponse> {
  return apiClient.post('/api-keys/validate', request, { schema: validateApiKeyResponseSchema });
}
