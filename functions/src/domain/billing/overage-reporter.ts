import type { BillingProvider, CustomerLookup, OverageQueue } from './ports.js';

/** Stripe accepts meter events up to 35 days old; older overage can no longer be billed. */
export const METER_EVENT_MAX_AGE_MS = 35 * 24 * 60 * 60 * 1000;

export interface OverageReport {
  reported: number;
  unbillable: number;
  failed: number;
  /** The first failure's message (the rest are likely the same). */
  firstError?: string;
}

/**
 * Reports paid plans' overage to Stripe's Billing Meter, one meter event per over-the-limit call,
 * identified by the row's id so a retry after a lost answer is not billed twice. A row leaves the
 * queue only once Stripe accepted it (or it can never be billed); failures stay for the next run.
 */
export function createOverageReporter(deps: {
  queue: OverageQueue;
  customers: CustomerLookup;
  provider: Pick<BillingProvider, 'recordMeterEvent'>;
  now: () => number;
}) {
  return async function report(batchSize = 100): Promise<OverageReport> {
    const result: OverageReport = { reported: 0, unbillable: 0, failed: 0 };
    for (const row of await deps.queue.pending(batchSize)) {
      try {
        const customerId = await deps.customers.customerOf(row.userId);
        if (!customerId || deps.now() - row.at > METER_EVENT_MAX_AGE_MS) {
          await deps.queue.settle(row, 'unbillable');
          result.unbillable += 1;
          continue;
        }
        await deps.provider.recordMeterEvent({
          customerId,
          tokens: row.tokens,
          identifier: row.id,
          at: row.at,
        });
        await deps.queue.settle(row, 'reported');
        result.reported += 1;
      } catch (error) {
        result.failed += 1;
        result.firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
    return result;
  };
}
