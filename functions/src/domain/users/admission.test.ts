import { describe, expect, it } from 'vitest';
import { admitTeamInvitee, admitUser } from './admission.js';
import type { UserRecord } from './user.js';

const record = (changes: Partial<UserRecord> = {}): UserRecord => ({
  userId: 'u1',
  email: 'ada@example.com',
  isWhitelisted: false,
  hasCompletedOnboarding: true,
  createdAt: 1,
  updatedAt: 1,
  ...changes,
});

function deps(records: UserRecord[]) {
  const sent: { to: string; subject: string; text: string }[] = [];
  const updates: [string, unknown][] = [];
  return {
    sent,
    updates,
    deps: {
      findByEmail: async () => records,
      update: async (userId: string, changes: unknown) => void updates.push([userId, changes]),
      mailer: {
        send: async (message: { to: string; subject: string; text: string }) => void sent.push(message),
      },
      appUrl: 'https://app.example',
      now: () => 9,
    },
  };
}

describe('admitting a waitlisted user', () => {
  it('records the admission and e-mails the user where to sign in', async () => {
    const { deps: d, sent, updates } = deps([record()]);
    expect(await admitUser(d, 'ada@example.com')).toEqual([{ status: 'admitted', userId: 'u1' }]);
    expect(updates).toEqual([['u1', { admittedAt: 9, admittedBy: 'operator', updatedAt: 9 }]]);
    expect(sent).toEqual([
      {
        to: 'ada@example.com',
        subject: "You're in: welcome to AgentForge",
        text: expect.stringContaining('https://app.example'),
        kind: 'waitlist-admitted',
      },
    ]);
  });

  it('changes nothing and sends nothing for one already admitted or whitelisted', async () => {
    const {
      deps: d,
      sent,
      updates,
    } = deps([record({ admittedAt: 2 }), record({ userId: 'u2', isWhitelisted: true })]);
    expect(await admitUser(d, 'ada@example.com')).toEqual([
      { status: 'already-admitted', userId: 'u1' },
      { status: 'already-admitted', userId: 'u2' },
    ]);
    expect(updates).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('says so when nobody has the e-mail', async () => {
    const { deps: d } = deps([]);
    expect(await admitUser(d, 'nobody@example.com')).toEqual([{ status: 'not-found' }]);
  });
});

describe('admitTeamInvitee', () => {
  it('admits (by team) on a waitlist stage only, as the store allows', async () => {
    const calls: [string, unknown][] = [];
    const deps = (mode: 'open' | 'waitlist', allowed = true) => ({
      mode: () => mode,
      now: () => 42,
      admitIfWaitlisted: async (userId: string, changes: unknown) => {
        calls.push([userId, changes]);
        return allowed;
      },
    });
    expect(await admitTeamInvitee(deps('open'), 'u1')).toBe(false);
    expect(calls).toEqual([]);
    expect(await admitTeamInvitee(deps('waitlist'), 'u1')).toBe(true);
    expect(calls).toEqual([['u1', { admittedAt: 42, admittedBy: 'team', updatedAt: 42 }]]);
    // Admitted or whitelisted already: the store's condition refuses, nothing changes.
    expect(await admitTeamInvitee(deps('waitlist', false), 'u1')).toBe(false);
  });
});
