import * as z from 'zod';
import { automationRepository } from '../../composition/automations.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { automationAccess, automationParams, runView } from './scope.js';

const RUNS_PAGE_SIZE = 25;
const runListQuerySchema = z.object({ cursor: z.string().max(1_000).optional() });

/** GET /automations/{id}/runs[?cursor=]: its runs, newest first, a page at a time (members read a team's). */
export const handler = httpRoute(
  { params: automationParams, query: runListQuerySchema },
  async ({ caller, params, query }) => {
    const access = await automationAccess(caller, params.id, 'read');
    const page = await automationRepository().listRuns(access.actor.ownerId, params.id, {
      limit: RUNS_PAGE_SIZE,
      cursor: query.cursor,
    });
    return ok({
      runs: page.runs.map((run) => runView(run)),
      ...(page.cursor ? { cursor: page.cursor } : {}),
    });
  },
);
