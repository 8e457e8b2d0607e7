import { apiKeyService } from '../../composition/models.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /api-keys/providers: the providers and models the caller can chat with now. */
export const handler = httpRoute({}, async ({ caller }) =>
  ok(await apiKeyService().listProviders(caller.userId)),
);
