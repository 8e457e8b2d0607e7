import { type ProfileForm, type UserProfile, userProfileSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /users/profile: the saved profile, null until set up. */
export function getProfile(signal?: AbortSignal): Promise<UserProfile> {
  return apiClient.get('/users/profile', { schema: userProfileSchema, ...(signal ? { signal } : {}) });
}

/** PUT /users/profile */
export function saveProfile(profile: ProfileForm): Promise<UserProfile> {
  return apiClient.put('/users/profile', profile, { schema: userProfileSchema });
}

/** DELETE /users/me (204) with the typed confirmation: everything of the user's, and their sign-in. */
export async function deleteAccount(confirmEmail: string): Promise<void> {
  await apiClient.request('DELETE', '/users/me', { body: { confirmEmail } });
}
