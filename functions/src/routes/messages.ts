import type { AreaRoute } from './route-definition.js';

/** The `messages` function's routes (`functions/src/handlers/messages/`). */
export const MESSAGES_ROUTES = [
  { method: 'POST', path: '/messages', area: 'messages', handler: 'create-message', auth: 'cognito' },
  {
    method: 'GET',
    path: '/messages/generate-stream',
    area: 'messages',
    handler: 'generate-stream',
    auth: 'cognito',
    transport: 'stream',
  },
] as const satisfies readonly AreaRoute<'messages'>[];
