import { AGENT_STREAM_PATHS } from '@agentforge/shared';
import type { AreaRoute } from './route-definition.js';

/** The `agent` function's routes (`functions/src/handlers/agent/`). */
export const AGENT_ROUTES = [
  // Agent plans live per conversation; the two streams run beside the chat's (paths in docs/decisions/agent.md).
  {
    method: 'GET',
    path: '/conversations/{id}/plans',
    area: 'agent',
    handler: 'list-plans',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/conversations/{id}/plans/{planId}',
    area: 'agent',
    handler: 'get-plan',
    auth: 'cognito',
  },
  {
    method: 'PATCH',
    path: '/conversations/{id}/plans/{planId}/steps/{stepId}',
    area: 'agent',
    handler: 'update-plan-step',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/conversations/{id}/plans/{planId}/steps/{stepId}/confirm',
    area: 'agent',
    handler: 'confirm-plan-step',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/conversations/{id}/plans/{planId}/cancel',
    area: 'agent',
    handler: 'cancel-plan',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: AGENT_STREAM_PATHS.plan,
    area: 'agent',
    handler: 'plan-stream',
    auth: 'cognito',
    transport: 'stream',
  },
  {
    method: 'GET',
    path: AGENT_STREAM_PATHS.execute,
    area: 'agent',
    handler: 'execute-stream',
    auth: 'cognito',
    transport: 'stream',
  },
] as const satisfies readonly AreaRoute<'agent'>[];
