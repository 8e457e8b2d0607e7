import { executeStepQuerySchema } from '@agentforge/shared';
import { agentRunner } from '../../composition/agent.js';
import { sseRoute } from '../../http/sse-route.js';

/** GET /agent/execute-stream: runs one confirmed step (the chat's events plus `plan_step`). */
export const handler = sseRoute(executeStepQuerySchema, (caller, query) =>
  agentRunner().startStep(caller, query),
);
