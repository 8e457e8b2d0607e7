import middy from '@middy/core';
import { mcpServerService } from '../../composition/mcp.js';
import { logger, withRequestContext } from '../../logger.js';

/** Every minute (EventBridge Scheduler; a timer locally): stops idle servers, books their minutes. */
export const handler = middy()
  .use(withRequestContext())
  .handler(async () => {
    const result = await mcpServerService().reap();
    if (result.stopped) logger.info('Reaped idle MCP servers', result);
    return result;
  });
