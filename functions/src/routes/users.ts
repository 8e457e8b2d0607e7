import type { AreaRoute } from './route-definition.js';

/** The `users` function's routes (`functions/src/handlers/users/`). */
export const USERS_ROUTES = [
  { method: 'GET', path: '/user', area: 'users', handler: 'get-user', auth: 'cognito' },
  { method: 'POST', path: '/user/onboarding', area: 'users', handler: 'post-onboarding', auth: 'cognito' },
  { method: 'GET', path: '/users/me', area: 'users', handler: 'get-me', auth: 'cognito' },
  { method: 'GET', path: '/users/profile', area: 'users', handler: 'get-profile', auth: 'cognito' },
  { method: 'GET', path: '/users/preferences', area: 'users', handler: 'get-preferences', auth: 'cognito' },
  { method: 'PUT', path: '/users/preferences', area: 'users', handler: 'put-preferences', auth: 'cognito' },
  { method: 'PUT', path: '/users/profile', area: 'users', handler: 'put-profile', auth: 'cognito' },
  {
    method: 'PUT',
    path: '/users/me/waitlist-info',
    area: 'users',
    handler: 'put-waitlist-info',
    auth: 'cognito',
  },
  // Memory (docs/decisions/chat.md, "Memory"): the caller's own, never anyone else's.
  { method: 'GET', path: '/users/memory', area: 'users', handler: 'get-memory', auth: 'cognito' },
  { method: 'PUT', path: '/users/memory', area: 'users', handler: 'put-memory', auth: 'cognito' },
  {
    method: 'POST',
    path: '/users/memory/facts',
    area: 'users',
    handler: 'create-memory-fact',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/users/memory/facts/{factId}',
    area: 'users',
    handler: 'update-memory-fact',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/users/memory/facts/{factId}',
    area: 'users',
    handler: 'delete-memory-fact',
    auth: 'cognito',
  },
] as const satisfies readonly AreaRoute<'users'>[];
