import { createTeamBodySchema } from '@agentforge/shared';
import { teamService } from '../../composition/teams.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /teams {name}: a new team; the caller is its owner and Admin. */
export const handler = httpRoute({ body: createTeamBodySchema }, async ({ caller, body }) =>
  created(await teamService().create(caller, body)),
);
