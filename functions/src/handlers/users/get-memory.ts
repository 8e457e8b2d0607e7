import { memoryService } from '../../composition/memory.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /users/memory: the caller's memory switch and facts, newest first. */
export const handler = httpRoute({}, async ({ caller }) => ok(await memoryService().view(caller)));
