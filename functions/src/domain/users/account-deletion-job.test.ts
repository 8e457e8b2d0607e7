import { ACCOUNT_DELETION_STEPS } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.js';
import type { AccountDeletion } from './account-deletion.js';
import { createAccountDeletionJobs, type StoredDeletionJob } from './account-deletion-job.js';

const caller = { userId: 'u1', email: 'ada@example.com', username: 'ada' };

function setup(options: { failOnce?: string; refuse?: boolean } = {}) {
  const ran: string[] = [];
  const history: StoredDeletionJob[] = [];
  const saved = new Map<string, StoredDeletionJob>();
  const launched: string[] = [];
  let clock = Date.parse('2026-11-26T00:00:00Z');
  let failing = options.failOnce;
  const deletion: AccountDeletion = {
    check: async () => {
      if (options.refuse) throw new ConflictError('Transfer ownership first');
    },
    steps: () =>
      Object.fromEntries(
        ACCOUNT_DELETION_STEPS.map((step) => [
          step,
          async () => {
            ran.push(step);
            if (failing === step) {
              failing = undefined;
              throw new Error('DynamoDB throttled');
            }
          },
        ]),
      ) as ReturnType<AccountDeletion['steps']>,
  };
  const jobs = createAccountDeletionJobs({
    deletion,
    store: {
      get: async (userId) => saved.get(userId),
      save: async (job) => {
        history.push(structuredClone(job));
        saved.set(job.userId, job);
      },
    },
    launcher: { launch: async (userId) => void launched.push(userId) },
    now: () => new Date(clock),
  });
  return { jobs, ran, history, saved, launched, advance: (ms: number) => (clock += ms) };
}

describe('the account deletion job', () => {
  it('is recorded queued and launched by the request, which deletes nothing itself', async () => {
    const { jobs, ran, launched } = setup();
    const job = await jobs.request(caller, 'ada@example.com');
    expect(job).toMatchObject({ state: 'queued', stepsDone: [] });
    expect(job).not.toHaveProperty('email');
    expect(launched).toEqual(['u1']);
    expect(ran).toEqual([]);
  });

  it('records each step as it runs and ends done, the tombstone last', async () => {
    const { jobs, ran, history } = setup();
    await jobs.request(caller, 'ada@example.com');
    await jobs.run('u1');
    expect(ran).toEqual([...ACCOUNT_DELETION_STEPS]);
    expect(history.filter((job) => job.state === 'running' && job.step).map((job) => job.step)).toContain(
      'conversations',
    );
    const status = await jobs.status(caller);
    expect(status).toMatchObject({ state: 'done', stepsDone: [...ACCOUNT_DELETION_STEPS] });
    expect(status.step).toBeUndefined();
  });

  it('records a failed step, and a retry runs every step again to done', async () => {
    const { jobs, ran } = setup({ failOnce: 'data' });
    await jobs.request(caller, 'ada@example.com');
    await expect(jobs.run('u1')).rejects.toThrow('DynamoDB throttled');
    expect(await jobs.status(caller)).toMatchObject({
      state: 'failed',
      step: 'data',
      stepsDone: ['teams', 'servers', 'conversations', 'github'],
      error: 'Failed to delete your account. Please try again.',
    });
    await jobs.run('u1');
    expect(await jobs.status(caller)).toMatchObject({
      state: 'done',
      stepsDone: [...ACCOUNT_DELETION_STEPS],
    });
    expect(ran.filter((step) => step === 'teams')).toHaveLength(2);
    expect(ran.at(-1)).toBe('tombstone');
  });

  it('returns a job under way as it is; a failed one, or one silent past 15 minutes, is started again', async () => {
    const { jobs, launched, advance } = setup({ failOnce: 'servers' });
    await jobs.request(caller, 'ada@example.com');
    await jobs.request(caller, 'ada@example.com');
    expect(launched).toEqual(['u1']);
    advance(16 * 60_000);
    await jobs.request(caller, 'ada@example.com');
    expect(launched).toEqual(['u1', 'u1']);
    await expect(jobs.run('u1')).rejects.toThrow();
    await jobs.request(caller, 'ada@example.com');
    expect(launched).toEqual(['u1', 'u1', 'u1']);
  });

  it('records nothing when the request is refused, and a user without a job reads 404', async () => {
    const { jobs, saved, launched } = setup({ refuse: true });
    await expect(jobs.request(caller, 'ada@example.com')).rejects.toThrow('Transfer ownership first');
    expect(saved.size).toBe(0);
    expect(launched).toEqual([]);
    await expect(jobs.status(caller)).rejects.toThrow('Your account has no deletion under way.');
  });
});
