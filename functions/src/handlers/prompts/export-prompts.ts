import { teamScopeQuerySchema } from '@agentforge/shared';
import { promptService } from '../../composition/prompts.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { promptOwner } from './scope.js';

/** GET /prompts/export[?teamId=]: the caller's prompts, or the team's (any member), as an import file. */
export const handler = httpRoute({ query: teamScopeQuerySchema }, async ({ caller, query }) =>
  ok(await promptService().exportAll(await promptOwner(caller, query.teamId, 'use'))),
);
