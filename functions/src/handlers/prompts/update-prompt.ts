import { promptInputSchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { promptOwner, promptParams, promptView } from './scope.js';

/** PUT /prompts/{id}[?teamId=]: replaces the prompt's fields; a team's by its Admins. */
export const handler = httpRoute(
  { body: promptInputSchema, query: teamScopeQuerySchema, params: promptParams },
  async ({ body, caller, query, params }) => {
    const owner = await promptOwner(caller, query.teamId, 'managePrompts');
    const prompt = await promptService().update(owner, params.id, body);
    return ok(promptView(prompt, { teamId: query.teamId, editable: true }));
  },
);
