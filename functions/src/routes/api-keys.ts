import type { AreaRoute } from './route-definition.js';

/** The `api-keys` function's routes (`functions/src/handlers/api-keys/`). */
export const API_KEYS_ROUTES = [
  // Voice with OpenAI's speech models on the caller's (or their team's) key: the keys' area decrypts them.
  {
    method: 'POST',
    path: '/speech/transcriptions',
    area: 'api-keys',
    handler: 'transcribe-speech',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/speech/synthesis',
    area: 'api-keys',
    handler: 'synthesize-speech',
    auth: 'cognito',
  },
  { method: 'POST', path: '/api-keys', area: 'api-keys', handler: 'create-api-key', auth: 'cognito' },
  { method: 'GET', path: '/api-keys', area: 'api-keys', handler: 'list-api-keys', auth: 'cognito' },
  { method: 'DELETE', path: '/api-keys/{id}', area: 'api-keys', handler: 'delete-api-key', auth: 'cognito' },
  {
    method: 'POST',
    path: '/api-keys/validate',
    area: 'api-keys',
    handler: 'validate-api-key',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/api-keys/providers',
    area: 'api-keys',
    handler: 'list-providers',
    auth: 'cognito',
  },
] as const satisfies readonly AreaRoute<'api-keys'>[];
