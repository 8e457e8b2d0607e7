import { KNOWLEDGE_MESSAGES } from '@agentforge/shared';
import { knowledgeRepository, knowledgeService } from '../../composition/knowledge.js';
import { NotFoundError } from '../../domain/errors.js';
import { httpRoute, ok } from '../../http/http-route.js';
import { chunkParams, collectionAccess } from './scope.js';

/** GET /knowledge/collections/{id}/files/{fileId}/chunks/{chunkIndex}: the passage a citation opens. */
export const handler = httpRoute({ params: chunkParams }, async ({ caller, params }) => {
  const access = await collectionAccess(caller, params.id, 'read');
  const file = await knowledgeService().file(access.ownerId, params.id, params.fileId);
  const [chunk] = await knowledgeRepository().getChunks(access.ownerId, [
    { collectionId: params.id, fileId: params.fileId, chunkIndex: params.chunkIndex },
  ]);
  if (!chunk) throw new NotFoundError(KNOWLEDGE_MESSAGES.fileNotFound);
  return ok({
    collectionId: params.id,
    fileId: params.fileId,
    fileName: file.fileName,
    chunkIndex: chunk.chunkIndex,
    text: chunk.text,
    location: chunk.location,
    score: 1,
    matchedBy: [],
  });
});
