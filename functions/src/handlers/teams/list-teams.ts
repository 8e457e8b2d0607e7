import { teamService } from '../../composition/teams.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /teams: the caller's teams, each with the caller's role. */
export const handler = httpRoute({}, async ({ caller }) => ok(await teamService().list(caller)));
