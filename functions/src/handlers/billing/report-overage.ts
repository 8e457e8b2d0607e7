import middy from '@middy/core';
import { overageReporter } from '../../composition/billing.js';
import { logger, withRequestContext } from '../../logger.js';

/**
 * Every five minutes (EventBridge Scheduler; a timer locally): reports paid plans' overage to
 * Stripe's Billing Meter. Rows Stripe did not take stay queued for the next run.
 */
export const handler = middy()
  .use(withRequestContext())
  .handler(async () => {
    const result = await overageReporter()();
    if (result.reported || result.unbillable) logger.info('Reported overage to Stripe', result);
    // Every row was tried; failing the run lets the function's Errors alarm tell the operator.
    if (result.failed)
      throw new Error(`${result.failed} overage rows not reported to Stripe: ${result.firstError}`);
    return result;
  });
