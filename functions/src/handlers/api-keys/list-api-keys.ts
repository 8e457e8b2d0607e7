import { apiKeyService } from '../../composition/models.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /api-keys: the caller's stored keys, masked (last 4 characters only). */
export const handler = httpRoute({}, async ({ caller }) => ok(await apiKeyService().list(caller.userId)));
