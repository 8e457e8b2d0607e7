import { promptImportBodySchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { created, httpRoute } from '../../http/http-route.js';
import { auditedPromptChange, teamDetail } from './scope.js';

/**
 * POST /prompts/import[?teamId=] {prompts}: adds an export's prompts as new ones, all or none (a
 * bad item is named in the 400 and nothing is written); a team's by its Admins.
 */
export const handler = httpRoute(
  { body: promptImportBodySchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    const result = await auditedPromptChange(
      caller,
      query.teamId,
      {
        action: 'prompt.imported',
        target: query.teamId ? `prompts:team:${query.teamId}` : 'prompts',
        details: ({ imported }) => ({ imported, ...teamDetail(query.teamId) }),
      },
      (owner: string) => promptService().importAll(owner, body.prompts),
    );
    return created(result);
  },
);
