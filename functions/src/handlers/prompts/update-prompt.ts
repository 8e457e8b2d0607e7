import { promptInputSchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { promptChange, promptParams, promptView, teamDetail } from './scope.js';

/** PUT /prompts/{id}[?teamId=]: replaces the prompt's fields; a team's by its Admins. */
export const handler = httpRoute(
  { body: promptInputSchema, query: teamScopeQuerySchema, params: promptParams },
  async ({ body, caller, query, params }) => {
    const change = promptChange(caller, query.teamId);
    const prompt = await audited(
      caller,
      {
        action: 'prompt.updated',
        target: `prompt:${params.id}`,
        details: (updated) => ({ title: updated.title, ...teamDetail(query.teamId) }),
        team: change.team,
      },
      async () => promptService().update(await change.owner(), params.id, body),
    );
    return ok(promptView(prompt, { teamId: query.teamId, editable: true }));
  },
);
