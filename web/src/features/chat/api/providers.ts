import { type Provider, providerListSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /api-keys/providers: the providers (and their models) the user can chat with now. */
export function listProviders(signal?: AbortSignal): Promise<Provider[]> {
  return apiClient.get('/api-keys/providers', { schema: providerListSchema, ...(signal ? { signal } : {}) });
}
