import type { AreaRoute } from './route-definition.js';

/** The `audit` function's routes (`functions/src/handlers/audit/`). */
export const AUDIT_ROUTES = [
  // The audit log: the caller's own records, or a team's (`?teamId=`, its Admins).
  { method: 'GET', path: '/audit', area: 'audit', handler: 'list-audit', auth: 'cognito' },
  { method: 'GET', path: '/audit/export', area: 'audit', handler: 'export-audit', auth: 'cognito' },
  { method: 'GET', path: '/audit/verify', area: 'audit', handler: 'verify-audit', auth: 'cognito' },
] as const satisfies readonly AreaRoute<'audit'>[];
