import {
  type AccountDeletionJob,
  accountDeletionJobSchema,
  type ProfileForm,
  type UserProfile,
  userProfileSchema,
} from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /users/profile: the saved profile, null until set up. */
export function getProfile(signal?: AbortSignal): Promise<UserProfile> {
  return apiClient.get('/users/profile', { schema: userProfileSchema, ...(signal ? { signal } : {}) });
}

/** PUT /users/profile */
export function saveProfile(profile: ProfileForm): Promise<UserProfile> {
  return apiClient.put('/users/profile', profile, { schema: userProfileSchema });
}

/**
 * DELETE /users/me (202) with the typed confirmation: starts the job deleting everything of the
 * user's, and their sign-in.
 */
export function deleteAccount(confirmEmail: string): Promise<AccountDeletionJob> {
  return apiClient.request('DELETE', '/users/me', {
    body: { confirmEmail },
    schema: accountDeletionJobSchema,
  });
}

/** GET /users/me/deletion: how the deletion job is going (readable to its end). */
export function getAccountDeletion(signal?: AbortSignal): Promise<AccountDeletionJob> {
  return apiClient.get('/users/me/deletion', {
    schema: accountDeletionJobSchema,
    ...(signal ? { signal } : {}),
  });
}
