import { memoryFactBodySchema } from '@agentforge/shared';
import { memoryService } from '../../composition/memory.js';
import { created, httpRoute } from '../../http/http-route.js';

/** POST /users/memory/facts {text}: adds a fact to the caller's memory (409 when it is full). */
export const handler = httpRoute({ body: memoryFactBodySchema }, async ({ caller, body }) =>
  created(await memoryService().add(caller, body.text)),
);
