import { promptInputSchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { created, httpRoute } from '../../http/http-route.js';
import { promptOwner, promptView } from './scope.js';

/** POST /prompts[?teamId=]: a new prompt of the caller's, or the team's (its Admins). 409 past the limit. */
export const handler = httpRoute(
  { body: promptInputSchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    const owner = await promptOwner(caller, query.teamId, 'managePrompts');
    const prompt = await promptService().create(owner, body);
    return created(promptView(prompt, { teamId: query.teamId, editable: true }));
  },
);
