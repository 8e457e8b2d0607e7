import { teamScopeQuerySchema } from '@agentforge/shared';
import { knowledgeService } from '../../composition/knowledge.js';
import { collectionView } from '../../domain/knowledge/knowledge-service.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { spaceAccess } from './scope.js';

/** GET /knowledge/collections[?teamId=]: the caller's own collections, or the team's (members read them). */
export const handler = httpRoute({ query: teamScopeQuerySchema }, async ({ caller, query }) => {
  const access = await spaceAccess(caller, query.teamId, 'read');
  const collections = await knowledgeService().list(access.ownerId);
  return ok({ collections: collections.map((collection) => collectionView(collection, access)) });
});
