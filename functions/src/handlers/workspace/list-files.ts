import { workspaceService } from '../../composition/workspace.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** GET /workspace/files: the caller's files (a new workspace gets the demo file). */
export const handler = httpRoute({}, async ({ caller }) =>
  ok({ files: await workspaceService().list(caller.userId) }),
);
