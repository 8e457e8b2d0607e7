import { knowledgeUploadInputSchema } from '@agentforge/shared';
import { knowledgeService } from '../../composition/knowledge.js';
import { audited } from '../../http/audit.js';
import { created, httpRoute } from '../../http/http-route.js';
import { collectionAccess, collectionParams } from './scope.js';

/**
 * POST /knowledge/collections/{id}/files: a new file (uploading) and a presigned PUT of exactly its
 * type (from its extension) and size; the upload's arrival starts its indexing. Admins only on a team's.
 */
export const handler = httpRoute(
  { body: knowledgeUploadInputSchema, params: collectionParams },
  async ({ body, caller, params }) => {
    const access = await collectionAccess(caller, params.id, 'manage');
    const upload = await audited(
      caller,
      {
        action: 'knowledge.file_uploaded',
        target: (result) => `knowledge-file:${result.file.id}`,
        details: (result) => ({ collection: params.id, size: result.file.size }),
        team: () => access.teamId,
      },
      () => knowledgeService().createUpload(access.ownerId, params.id, body),
    );
    return created(upload);
  },
);
