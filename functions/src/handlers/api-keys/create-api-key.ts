import { apiKeyService } from '../../composition/models.js';
import { created, httpRoute } from '../../http/http-route.js';
import { createApiKeyRequestSchema } from './request-schemas.js';

/** POST /api-keys: stores a provider key (or Custom endpoint) encrypted; answers its masked view. */
export const handler = httpRoute({ body: createApiKeyRequestSchema }, async ({ body, caller }) =>
  created(await apiKeyService().create(caller.userId, body)),
);
