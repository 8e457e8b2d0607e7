import { knowledgeService } from '../../composition/knowledge.js';
import { fileView } from '../../domain/knowledge/knowledge-service.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { collectionAccess, collectionParams } from './scope.js';

/** GET /knowledge/collections/{id}/files: its files with their state (members read a team's). */
export const handler = httpRoute({ params: collectionParams }, async ({ caller, params }) => {
  const access = await collectionAccess(caller, params.id, 'read');
  const files = await knowledgeService().listFiles(access.ownerId, params.id);
  return ok({ files: files.map(fileView) });
});
