import { collectionUpdateSchema } from '@agentforge/shared';
import { knowledgeService } from '../../composition/knowledge.js';
import { collectionView } from '../../domain/knowledge/knowledge-service.js';
import { audited } from '../../http/audit.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { collectionAccess, collectionParams } from './scope.js';

/** PUT /knowledge/collections/{id}: its name and description (a team's by its Admins). */
export const handler = httpRoute(
  { body: collectionUpdateSchema, params: collectionParams },
  async ({ body, caller, params }) => {
    const access = await collectionAccess(caller, params.id, 'manage');
    const collection = await audited(
      caller,
      {
        action: 'knowledge.collection_updated',
        target: `collection:${params.id}`,
        details: (result) => ({ name: result.name }),
        team: () => access.teamId,
      },
      () => knowledgeService().update(access.ownerId, params.id, body),
    );
    return ok(collectionView(collection, access));
  },
);
