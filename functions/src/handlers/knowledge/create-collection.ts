import { collectionInputSchema } from '@agentforge/shared';
import { knowledgeService } from '../../composition/knowledge.js';
import { collectionView } from '../../domain/knowledge/knowledge-service.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { spaceAccess } from './scope.js';

/** POST /knowledge/collections: the caller's, or with `teamId` the team's (its Admins); the plan's count. */
export const handler = httpRoute({ body: collectionInputSchema }, async ({ body, caller }) => {
  const access = await spaceAccess(caller, body.teamId, 'manage');
  const collection = await audited(
    caller,
    {
      action: 'knowledge.collection_created',
      target: (result) => `collection:${result.collectionId}`,
      details: (result) => ({ name: result.name }),
      team: () => access.teamId,
    },
    () => knowledgeService().create(access, { name: body.name, description: body.description }),
  );
  return created(collectionView(collection, access));
});
