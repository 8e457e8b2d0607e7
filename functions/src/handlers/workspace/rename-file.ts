import { renameWorkspaceFileBodySchema } from '@agentforge/shared';
import { workspaceService } from '../../composition/workspace.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /workspace/files/rename {from, to}: 404 without `from`, 409 when `to` exists. */
export const handler = httpRoute({ body: renameWorkspaceFileBodySchema }, async ({ body, caller }) =>
  ok(await workspaceService().rename(caller.userId, body)),
);
