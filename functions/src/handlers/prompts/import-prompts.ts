import { promptImportBodySchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { promptChange, teamDetail } from './scope.js';

/**
 * POST /prompts/import[?teamId=] {prompts}: adds an export's prompts as new ones, all or none (a
 * bad item is named in the 400 and nothing is written); a team's by its Admins.
 */
export const handler = httpRoute(
  { body: promptImportBodySchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    const change = promptChange(caller, query.teamId);
    const result = await audited(
      caller,
      {
        action: 'prompt.imported',
        target: query.teamId ? `prompts:team:${query.teamId}` : 'prompts',
        details: ({ imported }) => ({ imported, ...teamDetail(query.teamId) }),
        team: change.team,
      },
      async () => promptService().importAll(await change.owner(), body.prompts),
    );
    return created(result);
  },
);
