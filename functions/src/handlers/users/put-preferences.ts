import { userPreferencesSchema } from '@agentforge/shared';
import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /users/preferences: replaces the caller's preferences. */
export const handler = httpRoute(
  { body: userPreferencesSchema, access: 'everyone' },
  async ({ caller, body }) => ok(await userService().setPreferences(caller, body)),
);
