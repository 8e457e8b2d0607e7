import { promptListQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { teamOwnerId } from '../../domain/teams/roles.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { mayManageTeamPrompts, promptView } from './scope.js';

/**
 * GET /prompts[?teamId=&q=]: the caller's own prompts, then (with teamId, to its members) the
 * team's, each matching the search in its title, body, description or tags.
 */
export const handler = httpRoute({ query: promptListQuerySchema }, async ({ caller, query }) => {
  const { teamId, q } = query;
  const teamEditable = teamId ? await mayManageTeamPrompts(caller, teamId) : false;
  const [own, team] = await Promise.all([
    promptService().list(caller.userId, q),
    teamId ? promptService().list(teamOwnerId(teamId), q) : [],
  ]);
  return ok({
    prompts: [
      ...own.map((prompt) => promptView(prompt, { editable: true })),
      ...team.map((prompt) => promptView(prompt, { teamId, editable: teamEditable })),
    ],
  });
});
