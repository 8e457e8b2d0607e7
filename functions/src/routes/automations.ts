import type { AreaRoute } from './route-definition.js';

/** The `automations` function's routes (`functions/src/handlers/automations/`). */
export const AUTOMATIONS_ROUTES = [
  // Automations (issue 32): the caller's, or a team's (members read, Admins change and run).
  { method: 'GET', path: '/automations', area: 'automations', handler: 'list-automations', auth: 'cognito' },
  {
    method: 'POST',
    path: '/automations',
    area: 'automations',
    handler: 'create-automation',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/schedule-preview',
    area: 'automations',
    handler: 'schedule-preview',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'get-automation',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'update-automation',
    auth: 'cognito',
  },
  {
    method: 'PATCH',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'set-automation-state',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'delete-automation',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/automations/{id}/webhook-secret',
    area: 'automations',
    handler: 'rotate-webhook-secret',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/{id}/runs',
    area: 'automations',
    handler: 'list-runs',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/{id}/runs/{runId}',
    area: 'automations',
    handler: 'get-run',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/automations/{id}/run',
    area: 'automations',
    handler: 'run-automation',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/automations/{id}/runs/{runId}/approval',
    area: 'automations',
    handler: 'decide-run-approval',
    auth: 'cognito',
  },
  // An automation's webhook (public): its secret in `Authorization: Bearer`, compared as a SHA-256 in
  // constant time; or, for a sender that can set no header, in the path.
  {
    method: 'POST',
    path: '/automation-hooks/{id}',
    area: 'automations',
    handler: 'receive-webhook',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/automation-hooks/{id}/{secret}',
    area: 'automations',
    handler: 'receive-webhook-path',
    auth: 'public',
  },
] as const satisfies readonly AreaRoute<'automations'>[];
