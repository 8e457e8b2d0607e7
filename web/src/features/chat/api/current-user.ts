import { type UserCheckResponse, userCheckResponseSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /user: the signed-in user's check (created on the first call). */
export function fetchUserCheck(signal?: AbortSignal): Promise<UserCheckResponse> {
  return apiClient.get('/user', { schema: userCheckResponseSchema, ...(signal ? { signal } : {}) });
}
