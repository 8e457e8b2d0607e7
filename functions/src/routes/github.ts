import type { AreaRoute } from './route-definition.js';

/** The `github` function's routes (`functions/src/handlers/github/`). */
export const GITHUB_ROUTES = [
  // The GitHub account link (issue 12); exchange-code is the spec's POST /api/github/exchange-code.
  {
    method: 'POST',
    path: '/github/authorize-url',
    area: 'github',
    handler: 'create-authorize-url',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/github/exchange-code',
    area: 'github',
    handler: 'exchange-code',
    auth: 'cognito',
  },
  { method: 'GET', path: '/github/link', area: 'github', handler: 'get-link', auth: 'cognito' },
  { method: 'DELETE', path: '/github/link', area: 'github', handler: 'delete-link', auth: 'cognito' },
] as const satisfies readonly AreaRoute<'github'>[];
