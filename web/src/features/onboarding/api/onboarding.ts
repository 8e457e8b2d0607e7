import { type OnboardingPayload, type UserCheckResponse, userCheckResponseSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** POST /user/onboarding: the Welcome Aboard answers; the server answers the updated user check. */
export function submitOnboarding(payload: OnboardingPayload): Promise<UserCheckResponse> {
  return apiClient.post('/user/onboarding', payload, { schema: userCheckResponseSchema });
}
