import middy from '@middy/core';
import { mcpServerService } from '../../composition/mcp.js';
import { logger, withRequestContext } from '../../logger.js';
import { emitMetrics, METRIC } from '../../metrics.js';

/**
 * Every minute (EventBridge Scheduler; a timer locally): stops idle servers, books their minutes,
 * and publishes how many are still running (RunningServers).
 */
export const handler = middy()
  .use(withRequestContext())
  .handler(async () => {
    const result = await mcpServerService().reap();
    if (result.stopped) logger.info('Reaped idle MCP servers', result);
    // Servers still running after this pass (alarmed on, and on the dashboard).
    emitMetrics({ [METRIC.runningServers]: { value: result.checked - result.stopped, unit: 'Count' } });
    return result;
  });
