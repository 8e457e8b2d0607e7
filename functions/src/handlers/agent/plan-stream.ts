import { planStreamQuerySchema } from '@agentforge/shared';
import { agentRunner } from '../../composition/agent.js';
import { sseRoute } from '../../http/sse-route.js';

/** GET /agent/plan-stream: the goal becomes a plan (`planning`, the `plan` event, then `end`). */
export const handler = sseRoute(planStreamQuerySchema, async (caller, query, admitted) => {
  await admitted;
  return agentRunner().startPlanning(caller, query);
});
