import { knowledgeSearchInputSchema } from '@agentforge/shared';
import { knowledgeSearch } from '../../composition/knowledge.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { collectionAccess } from './scope.js';

/** POST /knowledge/search: the passages of the given collections (each one the caller may read) that best match. */
export const handler = httpRoute({ body: knowledgeSearchInputSchema }, async ({ body, caller }) => {
  const collections = await Promise.all(
    [...new Set(body.collectionIds)].map((id) => collectionAccess(caller, id, 'read')),
  );
  return ok(await knowledgeSearch()(body.query, collections, body.limit));
});
