import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /users/me: the caller's account. */
export const handler = httpRoute({ access: 'everyone' }, async ({ caller }) =>
  ok(await userService().me(caller)),
);
