import { describe, expect, it } from 'vitest';
import { createOverageReporter, METER_EVENT_MAX_AGE_MS } from './overage-reporter.js';
import type { OverageQueue, PendingOverage } from './ports.js';

const NOW = Date.UTC(2026, 10, 23, 12);

function setUp(rows: PendingOverage[], failFor: readonly string[] = []) {
  const settled: [string, string][] = [];
  const sent: { identifier: string; customerId: string; tokens: number; at: number }[] = [];
  const queue: OverageQueue = {
    pending: async (limit) => rows.filter((row) => !settled.some(([id]) => id === row.id)).slice(0, limit),
    settle: async (row, outcome) => {
      settled.push([row.id, outcome]);
    },
  };
  const report = createOverageReporter({
    queue,
    customers: { customerOf: async (userId) => (userId === 'paid' ? 'cus_1' : undefined) },
    provider: {
      recordMeterEvent: async (event) => {
        if (failFor.includes(event.identifier)) throw new Error('Stripe is unavailable');
        sent.push(event);
      },
    },
    now: () => NOW,
  });
  return { report, settled, sent };
}

const row = (id: string, userId = 'paid', at = NOW - 60_000): PendingOverage => ({
  userId,
  period: `overage#2026-11#${id}`,
  id,
  tokens: 1200,
  at,
});

describe('the overage reporter', () => {
  it('sends one meter event per row, identified by the row, and takes it out of the queue', async () => {
    const { report, settled, sent } = setUp([row('a'), row('b')]);
    expect(await report()).toEqual({ reported: 2, unbillable: 0, failed: 0 });
    expect(sent).toEqual([
      { customerId: 'cus_1', tokens: 1200, identifier: 'a', at: NOW - 60_000 },
      { customerId: 'cus_1', tokens: 1200, identifier: 'b', at: NOW - 60_000 },
    ]);
    expect(settled).toEqual([
      ['a', 'reported'],
      ['b', 'reported'],
    ]);
    expect(await report()).toEqual({ reported: 0, unbillable: 0, failed: 0 });
  });

  it('keeps a row Stripe did not take for the next run, and goes on with the others', async () => {
    const { report, settled } = setUp([row('a'), row('b')], ['a']);
    expect(await report()).toEqual({
      reported: 1,
      unbillable: 0,
      failed: 1,
      firstError: 'Stripe is unavailable',
    });
    expect(settled).toEqual([['b', 'reported']]);
  });

  it('drops what can never be billed: no Stripe customer, or older than Stripe accepts', async () => {
    const { report, settled, sent } = setUp([
      row('a', 'free'),
      row('b', 'paid', NOW - METER_EVENT_MAX_AGE_MS - 1),
    ]);
    expect(await report()).toEqual({ reported: 0, unbillable: 2, failed: 0 });
    expect(sent).toEqual([]);
    expect(settled).toEqual([
      ['a', 'unbillable'],
      ['b', 'unbillable'],
    ]);
  });
});
