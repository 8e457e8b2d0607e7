import { memoryFactBodySchema, memoryFactParamsSchema } from '@agentforge/shared';
import { memoryService } from '../../composition/memory.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** PUT /users/memory/facts/{factId} {text}: rewrites one of the caller's facts (404 if none). */
export const handler = httpRoute(
  { body: memoryFactBodySchema, params: memoryFactParamsSchema },
  async ({ caller, body, params }) => ok(await memoryService().update(caller, params.factId, body.text)),
);
