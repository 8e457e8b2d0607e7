import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /users/preferences */
export const handler = httpRoute({}, async ({ caller }) => ok(await userService().preferences(caller)));
