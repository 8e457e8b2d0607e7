import { promptInputSchema, teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { created, httpRoute } from '../../http/http-route.js';
import { auditedPromptChange, promptView, teamDetail } from './scope.js';

/** POST /prompts[?teamId=]: a new prompt of the caller's, or the team's (its Admins). 409 past the limit. */
export const handler = httpRoute(
  { body: promptInputSchema, query: teamScopeQuerySchema },
  async ({ body, caller, query }) => {
    const prompt = await auditedPromptChange(
      caller,
      query.teamId,
      {
        action: 'prompt.created',
        target: (created) => `prompt:${created.promptId}`,
        details: (created) => ({ title: created.title, ...teamDetail(query.teamId) }),
      },
      (owner: string) => promptService().create(owner, body),
    );
    return created(promptView(prompt, { teamId: query.teamId, editable: true }));
  },
);
