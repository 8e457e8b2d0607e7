import { planService } from '../../composition/agent-plans.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { conversationParams } from '../conversations/params.js';

/** GET /conversations/{id}/plans: the conversation's plans, newest first (a reload finds the open one). */
export const handler = httpRoute({ params: conversationParams }, async ({ caller, params }) =>
  ok({ plans: await planService().list(caller, params.id) }),
);
