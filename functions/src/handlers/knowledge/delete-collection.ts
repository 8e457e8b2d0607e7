import { knowledgeService } from '../../composition/knowledge.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { collectionAccess, collectionParams } from './scope.js';

/** DELETE /knowledge/collections/{id}: with its files, their chunks, keyword entries and vectors. */
export const handler = httpRoute({ params: collectionParams }, async ({ caller, params }) => {
  const access = await collectionAccess(caller, params.id, 'manage');
  await audited(
    caller,
    {
      action: 'knowledge.collection_deleted',
      target: `collection:${params.id}`,
      details: (collection) => ({ name: collection.name }),
      team: () => access.teamId,
    },
    () => knowledgeService().remove(access.ownerId, params.id),
  );
  return noContent();
});
