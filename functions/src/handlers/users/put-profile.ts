import { profileBodySchema } from '@agentforge/shared';
import { userService } from '../../composition/users.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /users/profile: the profile setup form's fields (validated), kept on the caller's record. */
export const handler = httpRoute({ body: profileBodySchema, access: 'everyone' }, async ({ caller, body }) =>
  ok(await userService().saveProfile(caller, body)),
);
