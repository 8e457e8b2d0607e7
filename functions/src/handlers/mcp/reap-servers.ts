import middy from '@middy/core';
import { mcpServerService } from '../../composition/mcp.js';
import { replySweep } from '../../composition/reply-leases.js';
import { logger, withRequestContext } from '../../logger.js';
import { emitMetrics, METRIC } from '../../metrics.js';

/**
 * Every minute (EventBridge Scheduler; a timer locally): stops idle servers, books their minutes,
 * and publishes how many are still running (RunningServers); then ends the replies whose writer
 * died (their lease ran out) and gives back what they reserved. Neither pass keeps the other from running.
 */
export const handler = middy()
  .use(withRequestContext())
  .handler(async () => {
    const [reaped, swept] = await Promise.allSettled([mcpServerService().reap(), replySweep().sweep()]);
    if (swept.status === 'rejected') logger.error('The reply sweep failed', swept.reason);
    else if (swept.value.interrupted) logger.info('Ended interrupted replies', swept.value);
    if (reaped.status === 'rejected') throw reaped.reason;
    const result = reaped.value;
    if (result.stopped) logger.info('Reaped idle MCP servers', result);
    // Servers still running after this pass (alarmed on, and on the dashboard).
    emitMetrics({ [METRIC.runningServers]: { value: result.checked - result.stopped, unit: 'Count' } });
    return swept.status === 'fulfilled' ? { ...result, replies: swept.value } : result;
  });
