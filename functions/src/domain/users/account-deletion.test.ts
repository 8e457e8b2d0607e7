import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.js';
import { type AccountDeletion, createAccountDeletion } from './account-deletion.js';
import { createAccountDeletionJobs, type StoredDeletionJob } from './account-deletion-job.js';

const caller = { userId: 'u1', email: 'Ada@Example.com', username: 'ada-username' };

/** The job around the steps, run as soon as it is recorded (a store in memory). */
function asJob(deletion: AccountDeletion) {
  const saved = new Map<string, StoredDeletionJob>();
  const jobs = createAccountDeletionJobs({
    deletion,
    store: { get: async (userId) => saved.get(userId), save: async (job) => void saved.set(job.userId, job) },
    launcher: { launch: (userId) => jobs.run(userId) },
    now: () => new Date(),
  });
  return {
    deleteAccount: (who: typeof caller, confirmEmail: string) => jobs.request(who, confirmEmail),
    saved,
  };
}

function recorder(
  billing?: {
    tier: 'free' | 'pro';
    status: 'active' | 'canceled';
    cancelAtPeriodEnd: boolean;
  },
  teams: { ownedAlone?: string[]; refuse?: string } = {},
) {
  const steps: string[] = [];
  const deletion = asJob(
    createAccountDeletion({
      servers: {
        list: async (owner) => (owner.userId === 'u1' ? [{ id: 's1' }, { id: 's2' }] : [{ id: 'ts' }]),
        delete: async (owner, id) => {
          steps.push(owner.userId === 'u1' ? `server ${id}` : `server ${id} of ${owner.userId}`);
        },
      },
      teams: {
        departAccount: async () => {
          if (teams.refuse) throw new ConflictError(teams.refuse);
          steps.push('leave teams');
          return { ownedAlone: teams.ownedAlone ?? [] };
        },
        deleteTeam: async (_caller, teamId) => {
          steps.push(`team ${teamId}`);
        },
      },
      conversations: {
        list: async () => [{ id: 'c1' }],
        delete: async (_caller, id) => {
          steps.push(`conversation ${id}`);
        },
      },
      github: {
        unlink: async (userId) => {
          steps.push(`github ${userId}`);
        },
      },
      erasers: ['apiKeys', 'usage', 'users'].map((table) => ({
        table,
        eraseAll: async (userId: string) => {
          steps.push(`${table} ${userId}`);
        },
      })),
      identity: {
        deleteUser: async (username) => {
          steps.push(`identity ${username}`);
        },
      },
      tombstones: {
        markDeleted: async (userId) => {
          steps.push(`tombstone ${userId}`);
        },
      },
      billing: { get: async () => billing },
    }),
  );
  return { steps, deletion };
}

describe('account deletion', () => {
  it('needs the account e-mail typed (any case), and deletes nothing otherwise', async () => {
    const { steps, deletion } = recorder();
    await expect(deletion.deleteAccount(caller, 'someone@example.com')).rejects.toThrow(
      'Type your e-mail address exactly to confirm.',
    );
    expect(steps).toEqual([]);
  });

  it('stops servers first, then conversations, unlinks GitHub, every table (the record last), the sign-in, then the tombstones', async () => {
    const { steps, deletion } = recorder();
    await deletion.deleteAccount(caller, ' ada@example.com ');
    expect(steps).toEqual([
      'leave teams',
      'leave teams',
      'server s1',
      'server s2',
      'conversation c1',
      'github u1',
      'apiKeys u1',
      'usage u1',
      'users u1',
      'identity ada-username',
      'tombstone u1',
    ]);
  });

  it('keeps the sign-in when a step fails, so the user can sign in and try again', async () => {
    const steps: string[] = [];
    const failing = asJob(
      createAccountDeletion({
        servers: { list: async () => [{ id: 's1' }], delete: async () => Promise.reject(new Error('busy')) },
        conversations: { list: async () => [], delete: async () => undefined },
        github: { unlink: async () => undefined },
        teams: { departAccount: async () => ({ ownedAlone: [] }), deleteTeam: async () => undefined },
        erasers: [],
        identity: { deleteUser: async () => void steps.push('identity') },
        tombstones: { markDeleted: async () => void steps.push('tombstone') },
        billing: { get: async () => undefined },
      }),
    );
    await expect(failing.deleteAccount(caller, 'ada@example.com')).rejects.toThrow('busy');
    expect(steps).toEqual([]);
  });

  it('refuses while a paid subscription still renews, and goes ahead once it is cancelled', async () => {
    const renewing = recorder({ tier: 'pro', status: 'active', cancelAtPeriodEnd: false });
    await expect(renewing.deletion.deleteAccount(caller, 'ada@example.com')).rejects.toThrow(
      'Cancel it in Subscription & Usage first',
    );
    expect(renewing.steps).toEqual([]);
    const cancelling = recorder({ tier: 'pro', status: 'active', cancelAtPeriodEnd: true });
    await cancelling.deletion.deleteAccount(caller, 'ada@example.com');
    expect(cancelling.steps.at(-1)).toBe('tombstone u1');
    const free = recorder({ tier: 'free', status: 'active', cancelAtPeriodEnd: false });
    await free.deletion.deleteAccount(caller, 'ada@example.com');
    expect(free.steps.at(-1)).toBe('tombstone u1');
  });

  it('refuses (409) while the person owns a team with other members, deleting nothing', async () => {
    const { steps, deletion } = recorder(undefined, { refuse: 'Transfer ownership first' });
    await expect(deletion.deleteAccount(caller, 'ada@example.com')).rejects.toThrow(ConflictError);
    expect(steps).toEqual([]);
  });

  it('leaves the teams first; a team owned alone goes by the team deletion', async () => {
    const { steps, deletion } = recorder(undefined, { ownedAlone: ['t1'] });
    await deletion.deleteAccount(caller, 'ada@example.com');
    expect(steps.slice(0, 4)).toEqual(['leave teams', 'leave teams', 'team t1', 'server s1']);
    expect(steps.at(-1)).toBe('tombstone u1');
  });
});
