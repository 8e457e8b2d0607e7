import { apiKeyService } from '../../composition/models.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { validateApiKeyRequestSchema } from './request-schemas.js';

/** POST /api-keys/validate: `{ valid: true }` or `{ valid: false, message }` from the provider. */
export const handler = httpRoute({ body: validateApiKeyRequestSchema }, async ({ body, caller }) =>
  ok(await apiKeyService().validate(caller.userId, body)),
);
