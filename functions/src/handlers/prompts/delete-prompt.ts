import { teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { promptOwner, promptParams } from './scope.js';

/** DELETE /prompts/{id}[?teamId=]: the caller's prompt, or the team's (its Admins). */
export const handler = httpRoute(
  { query: teamScopeQuerySchema, params: promptParams },
  async ({ caller, query, params }) => {
    await promptService().remove(await promptOwner(caller, query.teamId, 'managePrompts'), params.id);
    return noContent();
  },
);
