import { apiKeyService } from '../../composition/models.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { createApiKeyRequestSchema } from './request-schemas.js';

/** POST /api-keys: stores a provider key (or Custom endpoint) encrypted; answers its masked view. */
export const handler = httpRoute({ body: createApiKeyRequestSchema }, async ({ body, caller }) =>
  created(
    await audited(
      caller,
      {
        action: 'api_key.created',
        target: (key) => `api-key:${key.id}`,
        // The provider and label only: never the key, its last 4, or the endpoint (it may hold credentials).
        details: (key) => ({ provider: key.provider, label: key.label }),
      },
      () => apiKeyService().create(caller.userId, body),
    ),
  ),
);
