import { apiKeyService } from '../../composition/models.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { apiKeyIdParamsSchema } from './request-schemas.js';

/** DELETE /api-keys/{id}: 404 for an unknown id or another user's key. */
export const handler = httpRoute({ params: apiKeyIdParamsSchema }, async ({ params, caller }) => {
  await audited(caller, { action: 'api_key.deleted', target: `api-key:${params.id}` }, () =>
    apiKeyService().remove(caller.userId, params.id),
  );
  return noContent();
});
