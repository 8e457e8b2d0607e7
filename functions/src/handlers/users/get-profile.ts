import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /users/profile: the caller's profile, null until set up. */
export const handler = httpRoute({ access: 'everyone' }, async ({ caller }) =>
  ok(await userService().profile(caller)),
);
