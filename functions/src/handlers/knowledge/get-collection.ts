import { knowledgeService } from '../../composition/knowledge.js';
import { collectionView } from '../../domain/knowledge/knowledge-service.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { collectionAccess, collectionParams } from './scope.js';

/** GET /knowledge/collections/{id}: the caller's, or a team's to its members (uploads that never arrived ended). */
export const handler = httpRoute({ params: collectionParams }, async ({ caller, params }) => {
  const access = await collectionAccess(caller, params.id, 'read');
  return ok(collectionView(await knowledgeService().swept(access.ownerId, access.collection), access));
});
