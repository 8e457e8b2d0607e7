import { promptInputSchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { promptChange, promptView, teamDetail } from './scope.js';

/** POST /prompts[?teamId=]: a new prompt of the caller's, or the team's (its Admins). 409 past the limit. */
export const handler = httpRoute(
  { body: promptInputSchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    const change = promptChange(caller, query.teamId);
    const prompt = await audited(
      caller,
      {
        action: 'prompt.created',
        target: (created) => `prompt:${created.promptId}`,
        details: (created) => ({ title: created.title, ...teamDetail(query.teamId) }),
        team: change.team,
      },
      async () => promptService().create(await change.owner(), body),
    );
    return created(promptView(prompt, { teamId: query.teamId, editable: true }));
  },
);
