import { workspacePathQuerySchema } from '@agentforge/shared';
import { workspaceService } from '../../composition/workspace.js';
import { httpRoute, noContent } from '../../http/http-route.js';

/** DELETE /workspace/files?path=: 404 for a path the caller has no file at. */
export const handler = httpRoute({ query: workspacePathQuerySchema }, async ({ query, caller }) => {
  await workspaceService().remove(caller.userId, query.path);
  return noContent();
});
