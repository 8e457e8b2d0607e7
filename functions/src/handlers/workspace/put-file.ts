import { putWorkspaceFileBodySchema } from '@agentforge/shared';
import { workspaceService } from '../../composition/workspace.js';
import { created, httpRoute, ok } from '../../http/http-route.js';

/** PUT /workspace/files {path, content}: creates (201) or replaces (200) the caller's file at the path. */
export const handler = httpRoute({ body: putWorkspaceFileBodySchema }, async ({ body, caller }) => {
  const { file, created: isNew } = await workspaceService().put(caller.userId, body);
  return isNew ? created(file) : ok(file);
});
