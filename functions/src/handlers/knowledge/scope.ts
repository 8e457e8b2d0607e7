import { MAX_ID_LENGTH } from '@agentforge/shared';
import * as z from 'zod';

// Who may touch a collection: composition/knowledge-access.ts (the chat's search uses it too).
export { collectionAccess, spaceAccess } from '../../composition/knowledge-access.js';

const id = z.string().min(1).max(MAX_ID_LENGTH);
export const collectionParams = z.object({ id });
export const fileParams = z.object({ id, fileId: id });
export const chunkParams = z.object({
  id,
  fileId: id,
  chunkIndex: z.coerce.number().int().min(0).max(1_000_000),
});
