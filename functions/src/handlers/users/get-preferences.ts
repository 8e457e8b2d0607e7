import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /users/preferences */
export const handler = httpRoute({ access: 'everyone' }, async ({ caller }) =>
  ok(await userService().preferences(caller)),
);
