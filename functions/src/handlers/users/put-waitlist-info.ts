import { waitlistInfoSchema } from '@agentforge/shared';
import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /users/me/waitlist-info: what the waitlist form says (and an invite code); answers the caller's access. */
export const handler = httpRoute({ body: waitlistInfoSchema, access: 'everyone' }, async ({ caller, body }) =>
  ok(await userService().saveWaitlistInfo(caller, body)),
);
