import { describe, expect, it } from 'vitest';
import type { AutomationRepository, StoredAutomation, StoredRun } from './automation.js';
import { recordLastRun } from './last-run.js';

const automation = { userId: 'u1', automationId: 'a1', name: 'Digest' } as StoredAutomation;
const run = (runId: string, extra: Partial<StoredRun> = {}) =>
  ({ userId: 'u1', automationId: 'a1', runId, status: 'queued', startedAt: 1_000, ...extra }) as StoredRun;

function repository(stored: StoredAutomation | undefined) {
  const writes: StoredAutomation[] = [];
  const automations = {
    get: async () => writes.at(-1) ?? stored,
    replace: async (next: StoredAutomation) => Boolean(writes.push(next)),
  } as unknown as AutomationRepository;
  return { automations, writes };
}

describe("an automation's lastRun", () => {
  it('is the run as the list shows it, written over an older run and over the same run', async () => {
    const { automations, writes } = repository(automation);
    await recordLastRun(automations, run('01B', { reason: 'Waiting', status: 'waiting_approval' }));
    expect(writes.at(-1)?.lastRun).toEqual({
      runId: '01B',
      status: 'waiting_approval',
      reason: 'Waiting',
      startedAt: 1_000,
    });
    await recordLastRun(automations, run('01B', { status: 'queued' }));
    expect(writes.at(-1)).toMatchObject({ name: 'Digest', lastRun: { runId: '01B', status: 'queued' } });
    expect(writes.at(-1)?.lastRun?.reason).toBeUndefined();
  });

  it('never replaces a newer run (ULIDs sort by start), nor writes an automation that is gone', async () => {
    const newer = {
      ...automation,
      lastRun: { runId: '01C', status: 'succeeded' as const, startedAt: 2_000 },
    };
    const kept = repository(newer);
    await recordLastRun(kept.automations, run('01B'));
    expect(kept.writes).toEqual([]);
    const gone = repository(undefined);
    await recordLastRun(gone.automations, run('01D'));
    expect(gone.writes).toEqual([]);
  });
});
