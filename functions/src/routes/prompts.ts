import type { AreaRoute } from './route-definition.js';

/** The `prompts` function's routes (`functions/src/handlers/prompts/`). */
export const PROMPTS_ROUTES = [
  // The prompt library (issue 31 item 3): the caller's saved prompts, or a team's (?teamId=).
  { method: 'GET', path: '/prompts', area: 'prompts', handler: 'list-prompts', auth: 'cognito' },
  { method: 'POST', path: '/prompts', area: 'prompts', handler: 'create-prompt', auth: 'cognito' },
  { method: 'PUT', path: '/prompts/{id}', area: 'prompts', handler: 'update-prompt', auth: 'cognito' },
  { method: 'DELETE', path: '/prompts/{id}', area: 'prompts', handler: 'delete-prompt', auth: 'cognito' },
  { method: 'GET', path: '/prompts/export', area: 'prompts', handler: 'export-prompts', auth: 'cognito' },
  { method: 'POST', path: '/prompts/import', area: 'prompts', handler: 'import-prompts', auth: 'cognito' },
] as const satisfies readonly AreaRoute<'prompts'>[];
