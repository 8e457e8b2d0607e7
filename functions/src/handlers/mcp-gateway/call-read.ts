import { toolCallReadQuerySchema, toolCallRunParamsSchema } from '@agentforge/shared';
import { callBridge } from '../../adapters/mcp-client/bridge-calls.js';
import { httpRoute } from '../../http/http-route.js';
import { callPath, onCallersServer, readWaitMs } from './calls.js';

/**
 * GET /mcp-gateway/{serverId}/calls/{callId}?after=<seq>: the call's progress after `after`, a long
 * poll answering once there is some, the call ended, or after at most 20 s.
 */
export const handler = httpRoute(
  { params: toolCallRunParamsSchema, query: toolCallReadQuerySchema, requireCaller: false },
  async ({ caller, params, query, event }) =>
    onCallersServer(caller, event, params.serverId, (target) => {
      const waitMs = readWaitMs();
      const search = new URLSearchParams({ after: String(query.after), waitMs: String(waitMs) });
      return callBridge(target, { method: 'GET', path: `${callPath(params.callId)}?${search}`, waitMs });
    }),
);
