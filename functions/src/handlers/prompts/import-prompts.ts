import { promptImportBodySchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { created, httpRoute } from '../../http/http-route.js';
import { promptOwner } from './scope.js';

/**
 * POST /prompts/import[?teamId=] {prompts}: adds an export's prompts as new ones, all or none (a
 * bad item is named in the 400 and nothing is written); a team's by its Admins.
 */
export const handler = httpRoute(
  { body: promptImportBodySchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    const owner = await promptOwner(caller, query.teamId, 'managePrompts');
    return created(await promptService().importAll(owner, body.prompts));
  },
);
