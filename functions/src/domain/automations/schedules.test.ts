import { describe, expect, it } from 'vitest';
import type { AutomationRepository, StoredAutomation } from './automation.js';
import { createAutomationService } from './automation-service.js';
import type { AutomationScheduler, ScheduleSpec } from './schedules.js';

function setup(options: { failScheduler?: boolean } = {}) {
  const rows = new Map<string, StoredAutomation>();
  const calls: [string, ScheduleSpec | string][] = [];
  const fail = { on: options.failScheduler ?? false };
  const automations = {
    list: async (owner: string) => [...rows.values()].filter((a) => a.userId === owner),
    get: async (owner: string, id: string) => {
      const row = rows.get(id);
      return row?.userId === owner ? row : undefined;
    },
    create: async (a: StoredAutomation) => void rows.set(a.automationId, a),
    replace: async (a: StoredAutomation) => rows.has(a.automationId) && Boolean(rows.set(a.automationId, a)),
    delete: async (_owner: string, id: string) => rows.delete(id),
  } as unknown as AutomationRepository;
  const record = (op: string) => async (spec: ScheduleSpec | string) => {
    if (fail.on) throw new Error('Scheduler unavailable');
    calls.push([op, spec]);
  };
  const scheduler: AutomationScheduler = {
    create: record('create'),
    update: record('update'),
    remove: record('remove'),
  };
  let next = 0;
  const service = createAutomationService({
    automations,
    scheduler,
    limitsOf: async () =>
      ({ maxAutomations: 10, minScheduleMinutes: 1, runsPerDay: 10, planName: 'Pro' }) as never,
    newId: () => `A${++next}`,
    now: () => Date.parse('2026-03-02T08:00:00Z'),
  });
  return { rows, calls, fail, service };
}

const fields = (trigger: Record<string, unknown>) =>
  ({
    name: 'Digest',
    goal: 'Summarise',
    mode: 'single_agent',
    serverIds: [],
    provider: 'anthropic',
    model: 'm',
    approvedTools: [],
    trigger,
    budget: { maxTokens: 1000, maxToolCalls: 5, maxMinutes: 5 },
    notify: 'failure',
    output: 'new',
  }) as never;
const actor = { ownerId: 'u1', userId: 'u1' };
const daily = { type: 'schedule', expression: 'cron(0 9 * * ? *)', timezone: 'Europe/Paris' };
const spec = (overrides: Partial<ScheduleSpec> = {}) => ({
  ownerId: 'u1',
  automationId: 'A1',
  expression: 'cron(0 9 * * ? *)',
  timezone: 'Europe/Paris',
  enabled: true,
  ...overrides,
});

describe('an automation’s schedule follows it', () => {
  it('is created, changed, paused, resumed and deleted with the automation', async () => {
    const { calls, service } = setup();
    await service.create(actor, fields(daily));
    await service.update(actor, 'A1', fields({ ...daily, expression: 'rate(2 hours)' }));
    // The same trigger again: nothing to change.
    await service.update(actor, 'A1', fields({ ...daily, expression: 'rate(2 hours)' }));
    await service.setEnabled(actor, 'A1', false);
    await service.setEnabled(actor, 'A1', true);
    await service.update(actor, 'A1', fields({ type: 'webhook' }));
    await service.update(actor, 'A1', fields(daily));
    await service.remove(actor, 'A1');
    expect(calls).toEqual([
      ['create', spec()],
      ['update', spec({ expression: 'rate(2 hours)' })],
      ['update', spec({ expression: 'rate(2 hours)', enabled: false })],
      ['update', spec({ expression: 'rate(2 hours)' })],
      ['remove', 'A1'],
      ['create', spec()],
      ['remove', 'A1'],
    ]);
  });

  it('has none for a webhook or manual trigger', async () => {
    const { calls, service } = setup();
    await service.create(actor, fields({ type: 'webhook' }));
    await service.create(actor, fields({ type: 'manual' }));
    await service.setEnabled(actor, 'A1', false);
    await service.remove(actor, 'A2');
    expect(calls).toEqual([]);
  });

  it('leaves no half-made automation when its schedule cannot be created, and undoes a failed change', async () => {
    const { rows, fail, service } = setup({ failScheduler: true });
    await expect(service.create(actor, fields(daily))).rejects.toThrow('Scheduler unavailable');
    expect(rows.size).toBe(0);

    fail.on = false;
    await service.create(actor, fields(daily));
    const before = rows.get('A2');
    fail.on = true;
    await expect(
      service.update(actor, 'A2', fields({ ...daily, expression: 'rate(3 hours)' })),
    ).rejects.toThrow();
    await expect(service.setEnabled(actor, 'A2', false)).rejects.toThrow();
    expect(rows.get('A2')).toEqual(before);
    // A schedule that cannot be deleted keeps the automation (it would go on firing otherwise).
    await expect(service.remove(actor, 'A2')).rejects.toThrow();
    expect(rows.has('A2')).toBe(true);
  });

  it('removes every schedule of an owner before the partition is erased', async () => {
    const { calls, service } = setup();
    await service.create(actor, fields(daily));
    await service.create(actor, fields({ type: 'webhook' }));
    await service.create(actor, fields({ ...daily, expression: 'rate(1 hour)' }));
    calls.length = 0;
    await service.removeSchedulesOf('u1');
    expect(calls).toEqual([
      ['remove', 'A1'],
      ['remove', 'A3'],
    ]);
  });
});
