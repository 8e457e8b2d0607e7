import { memoryFactParamsSchema } from '@agentforge/shared';
import { memoryService } from '../../composition/memory.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** DELETE /users/memory/facts/{factId}: forgets one of the caller's facts (404 if none). */
export const handler = httpRoute({ params: memoryFactParamsSchema }, async ({ caller, params }) => {
  await memoryService().remove(caller, params.factId);
  return noContent();
});
