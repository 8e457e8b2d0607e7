import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /user: the caller's user check, creating the user record on the first call. */
export const handler = httpRoute({ access: 'everyone' }, async ({ caller }) =>
  ok(await userService().checkUser(caller)),
);
