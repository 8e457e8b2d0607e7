import type { AreaRoute } from './route-definition.js';

/** The `workspace` function's routes (`functions/src/handlers/workspace/`). */
export const WORKSPACE_ROUTES = [
  // The code workspace (issue 12): the caller's files, by path.
  { method: 'GET', path: '/workspace/files', area: 'workspace', handler: 'list-files', auth: 'cognito' },
  { method: 'PUT', path: '/workspace/files', area: 'workspace', handler: 'put-file', auth: 'cognito' },
  { method: 'DELETE', path: '/workspace/files', area: 'workspace', handler: 'delete-file', auth: 'cognito' },
  {
    method: 'POST',
    path: '/workspace/files/rename',
    area: 'workspace',
    handler: 'rename-file',
    auth: 'cognito',
  },
] as const satisfies readonly AreaRoute<'workspace'>[];
