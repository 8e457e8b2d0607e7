import { promptInputSchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { auditedPromptChange, promptParams, promptView, teamDetail } from './scope.js';

/** PUT /prompts/{id}[?teamId=]: replaces the prompt's fields; a team's by its Admins. */
export const handler = httpRoute(
  { body: promptInputSchema, query: teamScopeQuerySchema, params: promptParams },
  async ({ body, caller, query, params }) => {
    const prompt = await auditedPromptChange(
      caller,
      query.teamId,
      {
        action: 'prompt.updated',
        target: `prompt:${params.id}`,
        details: (updated) => ({ title: updated.title, ...teamDetail(query.teamId) }),
      },
      (owner: string) => promptService().update(owner, params.id, body),
    );
    return ok(promptView(prompt, { teamId: query.teamId, editable: true }));
  },
);
