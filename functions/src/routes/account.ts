import type { AreaRoute } from './route-definition.js';

/** The `account` function's routes (`functions/src/handlers/account/`). */
export const ACCOUNT_ROUTES = [
  // Deleting an account touches every table, the MCP runner, attachments and Cognito: a Lambda of its own.
  { method: 'DELETE', path: '/users/me', area: 'account', handler: 'delete-account', auth: 'cognito' },
  { method: 'GET', path: '/users/me/deletion', area: 'account', handler: 'get-deletion', auth: 'cognito' },
  // Deleting a team stops its servers and erases its items in every table: the account function
  // already holds those grants (account deletion deletes a team owned alone the same way).
  {
    method: 'DELETE',
    path: '/teams/{teamId}',
    area: 'account',
    handler: 'delete-team',
    auth: 'cognito',
  },
] as const satisfies readonly AreaRoute<'account'>[];
