import { teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { auditedPromptChange, promptParams, teamDetail } from './scope.js';

/** DELETE /prompts/{id}[?teamId=]: the caller's prompt, or the team's (its Admins). */
export const handler = httpRoute(
  { query: teamScopeQuerySchema, params: promptParams },
  async ({ caller, query, params }) => {
    await auditedPromptChange(
      caller,
      query.teamId,
      {
        action: 'prompt.deleted',
        target: `prompt:${params.id}`,
        details: () => teamDetail(query.teamId),
      },
      (owner: string) => promptService().remove(owner, params.id),
    );
    return noContent();
  },
);
