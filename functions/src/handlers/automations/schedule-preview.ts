import { schedulePreviewQuerySchema } from '@agentforge/shared';
import { automationService } from '../../composition/automations.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /automations/schedule-preview?expression=&timezone=: the schedule's next 5 runs, or why it is not one. */
export const handler = httpRoute({ query: schedulePreviewQuerySchema }, async ({ query }) =>
  ok({ nextRuns: automationService().preview(query.expression, query.timezone) }),
);
