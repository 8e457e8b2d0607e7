import { toolCallStartSchema } from '@agentforge/shared';
import { callBridge } from '../../adapters/mcp-client/bridge-calls.js';
import { httpRoute } from '../../http/http-route.js';
import { onCallersServer, startWaitMs } from './calls.js';
import { gatewayParams } from './params.js';

/**
 * POST /mcp-gateway/{serverId}/calls {name, arguments}: starts a tool call that may run for
 * minutes; answers when it ends or after a few seconds, with its id and progress so far.
 */
export const handler = httpRoute(
  { params: gatewayParams, body: toolCallStartSchema, requireCaller: false },
  async ({ caller, params, body, event }) =>
    onCallersServer(caller, event, params.serverId, (target) => {
      const waitMs = startWaitMs();
      return callBridge(target, { method: 'POST', path: '/calls', body: { ...body, waitMs }, waitMs });
    }),
);
