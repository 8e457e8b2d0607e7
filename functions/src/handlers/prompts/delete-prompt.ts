import { teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { promptChange, promptParams, teamDetail } from './scope.js';

/** DELETE /prompts/{id}[?teamId=]: the caller's prompt, or the team's (its Admins). */
export const handler = httpRoute(
  { query: teamScopeQuerySchema, params: promptParams },
  async ({ caller, query, params }) => {
    const change = promptChange(caller, query.teamId);
    await audited(
      caller,
      {
        action: 'prompt.deleted',
        target: `prompt:${params.id}`,
        details: () => teamDetail(query.teamId),
        team: change.team,
      },
      async () => promptService().remove(await change.owner(), params.id),
    );
    return noContent();
  },
);
