import { knowledgeService } from '../../composition/knowledge.js';
import { fileView } from '../../domain/knowledge/knowledge-service.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { collectionAccess, fileParams } from './scope.js';

/** GET /knowledge/collections/{id}/files/{fileId}: one file's state and progress. */
export const handler = httpRoute({ params: fileParams }, async ({ caller, params }) => {
  const access = await collectionAccess(caller, params.id, 'read');
  return ok(fileView(await knowledgeService().file(access.ownerId, params.id, params.fileId)));
});
