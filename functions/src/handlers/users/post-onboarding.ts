import { onboardingPayloadSchema } from '@agentforge/shared';
import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /user/onboarding: the Welcome Aboard answers; returns the updated user check. */
export const handler = httpRoute(
  { body: onboardingPayloadSchema, access: 'everyone' },
  async ({ caller, body }) => ok(await userService().completeOnboarding(caller, body)),
);
