import { toolCallRunParamsSchema } from '@agentforge/shared';
import { callBridge } from '../../adapters/mcp-client/bridge-calls.js';
import { httpRoute } from '../../http/http-route.js';
import { callPath, onCallersServer } from './calls.js';

/**
 * DELETE /mcp-gateway/{serverId}/calls/{callId}: cancels the call (the server gets MCP's
 * `notifications/cancelled`); the call as it ended.
 */
export const handler = httpRoute(
  { params: toolCallRunParamsSchema, requireCaller: false },
  async ({ caller, params, event }) =>
    onCallersServer(caller, event, params.serverId, (target) =>
      callBridge(target, { method: 'DELETE', path: callPath(params.callId), waitMs: 0 }),
    ),
);
