import { type UserPreferences, userPreferencesSchema } from '@agentforge/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /users/preferences: what the app remembers for the user across devices. */
export function getPreferences(signal?: AbortSignal): Promise<UserPreferences> {
  return apiClient.get('/users/preferences', {
    schema: userPreferencesSchema,
    ...(signal ? { signal } : {}),
  });
}

/** PUT /users/preferences: replaces the whole object. */
export function savePreferences(preferences: UserPreferences): Promise<UserPreferences> {
  return apiClient.put('/users/preferences', preferences, { schema: userPreferencesSchema });
}
