import { knowledgeService } from '../../composition/knowledge.js';
import { audited } from '../../http/audit.js';
import { httpRoute, noContent } from '../../http/http-route.js';
import { collectionAccess, fileParams } from './scope.js';

/** DELETE /knowledge/collections/{id}/files/{fileId}: the file, its chunks, keyword entries and vectors. */
export const handler = httpRoute({ params: fileParams }, async ({ caller, params }) => {
  const access = await collectionAccess(caller, params.id, 'manage');
  await audited(
    caller,
    {
      action: 'knowledge.file_deleted',
      target: `knowledge-file:${params.fileId}`,
      details: () => ({ collection: params.id }),
      team: () => access.teamId,
    },
    () => knowledgeService().removeFile(access.ownerId, params.id, params.fileId),
  );
  return noContent();
});
