import { describe, expect, it } from 'vitest';
import type { InviteCodeAttempts, UserRecord, UserRepository } from './user.js';
import { createUserService } from './user-service.js';

function inMemoryUsers(): UserRepository & { records: Map<string, UserRecord> } {
  const records = new Map<string, UserRecord>();
  return {
    records,
    get: async (userId) => records.get(userId),
    update: async (userId, changes) => {
      const record = records.get(userId);
      if (record) Object.assign(record, changes);
    },
    createIfAbsent: async (record) => {
      const existing = records.get(record.userId);
      if (existing) return existing;
      records.set(record.userId, record);
      return record;
    },
  };
}

/** The throttle itself is tested on DynamoDB (test/integration/onboarding.test.ts). */
const unlimitedAttempts: InviteCodeAttempts = { take: async () => ({}), clear: async () => {} };

describe('user service: checkUser', () => {
  it('creates the user record on the first call and answers the user check', async () => {
    const users = inMemoryUsers();
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users,
      whitelistedEmails: [],
      now: () => 42,
    });

    const result = await service.checkUser({ userId: 'u1', email: 'ada@example.com' });

    expect(result).toEqual({
      isWhitelisted: false,
      hasCompletedOnboarding: false,
      email: 'ada@example.com',
      access: 'granted',
    });
    expect(users.records.get('u1')).toMatchObject({ userId: 'u1', createdAt: 42 });
  });

  it('returns the stored record on later calls without rewriting it', async () => {
    const users = inMemoryUsers();
    users.records.set('u1', {
      userId: 'u1',
      email: 'ada@example.com',
      isWhitelisted: true,
      hasCompletedOnboarding: true,
      createdAt: 1,
      updatedAt: 1,
    });
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users,
      whitelistedEmails: [],
      now: () => 99,
    });

    expect(await service.checkUser({ userId: 'u1', email: 'changed@example.com' })).toEqual({
      isWhitelisted: true,
      hasCompletedOnboarding: true,
      email: 'ada@example.com',
      access: 'granted',
    });
  });

  it('whitelists e-mails from the stage configuration, ignoring case', async () => {
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users: inMemoryUsers(),
      whitelistedEmails: ['Grace@Example.com'],
      now: () => 1,
    });
    const grace = { userId: 'u2', email: 'grace@example.com', emailVerified: true };
    expect((await service.checkUser(grace)).isWhitelisted).toBe(true);
  });

  it("whitelists only an address proven the caller's (email_verified)", async () => {
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users: inMemoryUsers(),
      whitelistedEmails: ['grace@example.com'],
      now: () => 1,
    });
    const unverified = { userId: 'u3', email: 'grace@example.com', emailVerified: false };
    expect((await service.checkUser(unverified)).isWhitelisted).toBe(false);
  });

  it('keeps preferences per user and answers /users/me and /users/profile', async () => {
    const users = inMemoryUsers();
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users,
      whitelistedEmails: [],
      now: () => 7,
    });
    const ada = { userId: 'u1', email: 'ada@example.com' };
    expect(await service.preferences(ada)).toEqual({});
    await service.setPreferences(ada, { defaultProvider: 'openai', theme: 'dark' });
    expect(await service.preferences(ada)).toEqual({ defaultProvider: 'openai', theme: 'dark' });
    expect(await service.preferences({ userId: 'u2', email: 'bob@example.com' })).toEqual({});
    expect(await service.me(ada)).toEqual({
      userId: 'u1',
      username: 'ada@example.com',
      email: 'ada@example.com',
      isWhitelisted: false,
      hasCompletedOnboarding: false,
      createdAt: 7,
    });
    expect(await service.profile(ada)).toEqual({ userId: 'u1', email: 'ada@example.com', profile: null });
  });
});

describe('user service: completeOnboarding', () => {
  const payload = {
    userRole: 'Developer/Engineer',
    companySize: 'Just me',
    email: 'ada@example.com',
    useCase: 'build_mvp',
    challengeToSolve: 'An agent that files my invoices',
    submittedAt: '2026-01-01T00:00:00.000Z',
  } as const;

  it('stores the answers and marks onboarding complete, so the next check skips onboarding', async () => {
    const users = inMemoryUsers();
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users,
      whitelistedEmails: [],
      now: () => 7,
    });
    const caller = { userId: 'u1', email: 'ada@example.com' };

    expect((await service.checkUser(caller)).hasCompletedOnboarding).toBe(false);
    expect(await service.completeOnboarding(caller, payload)).toEqual({
      isWhitelisted: false,
      hasCompletedOnboarding: true,
      email: 'ada@example.com',
      access: 'granted',
    });
    expect(users.records.get('u1')).toMatchObject({ onboarding: payload, hasCompletedOnboarding: true });
    expect((await service.checkUser(caller)).hasCompletedOnboarding).toBe(true);
  });
});

describe('user service: the waitlist', () => {
  const caller = { userId: 'u1', email: 'ada@example.com' };
  const waitlisted = (users = inMemoryUsers()) =>
    createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users,
      whitelistedEmails: ['vip@example.com'],
      inviteCodes: ['friends-2026'],
      accessMode: () => 'waitlist',
      now: () => 5,
    });

  it('gives the streams their pass only when the user check finds the caller let in on a waitlist stage', async () => {
    const passes: string[] = [];
    const users = inMemoryUsers();
    let mode: 'open' | 'waitlist' = 'open';
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users,
      whitelistedEmails: [],
      inviteCodes: ['friends-2026'],
      accessMode: () => mode,
      streamPasses: { grant: async (userId) => void passes.push(userId) },
      now: () => 5,
    });
    await service.checkUser(caller); // open: everyone's "granted" is no admission
    mode = 'waitlist';
    await service.checkUser(caller);
    expect(passes).toEqual([]);
    expect(await service.saveWaitlistInfo(caller, { inviteCode: 'friends-2026' })).toEqual({
      access: 'granted',
    });
    await service.checkUser(caller);
    expect(passes).toEqual(['u1', 'u1']);
  });

  it('waitlists a new user on a waitlist stage, but not a whitelisted one', async () => {
    const service = waitlisted();
    expect((await service.checkUser(caller)).access).toBe('waitlisted');
    expect(
      (await service.checkUser({ userId: 'u2', email: 'VIP@example.com', emailVerified: true })).access,
    ).toBe('granted');
  });

  it('keeps the waitlist form without the invite code; a valid code admits, an unknown one is refused', async () => {
    const users = inMemoryUsers();
    const service = waitlisted(users);
    expect(await service.saveWaitlistInfo(caller, { referralSource: 'a friend' })).toEqual({
      access: 'waitlisted',
    });
    expect(users.records.get('u1')?.waitlistInfo).toEqual({ referralSource: 'a friend' });

    await expect(service.saveWaitlistInfo(caller, { inviteCode: 'guess' })).rejects.toThrow(
      'That invite code is not valid.',
    );
    expect(users.records.get('u1')?.admittedAt).toBeUndefined();

    expect(await service.saveWaitlistInfo(caller, { inviteCode: 'friends-2026', notes: 'hi' })).toEqual({
      access: 'granted',
    });
    expect(users.records.get('u1')).toMatchObject({
      admittedAt: 5,
      admittedBy: 'invite',
      waitlistInfo: { notes: 'hi' },
    });
    expect(users.records.get('u1')?.waitlistInfo).not.toHaveProperty('inviteCode');
    expect((await service.checkUser(caller)).access).toBe('granted');
  });
});

describe('user service: the profile', () => {
  it('saves the profile setup form and answers it on GET /users/profile', async () => {
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users: inMemoryUsers(),
      whitelistedEmails: [],
      now: () => 1,
    });
    const ada = { userId: 'u1', email: 'ada@example.com' };
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines',
      companySize: 'small' as const,
      role: 'CTO',
    };
    expect(await service.saveProfile(ada, profile)).toEqual({
      userId: 'u1',
      email: 'ada@example.com',
      profile,
    });
    expect(await service.profile(ada)).toEqual({ userId: 'u1', email: 'ada@example.com', profile });
  });

  it('suggests the role and company size the Welcome Aboard answers gave, until a profile is saved', async () => {
    const service = createUserService({
      inviteCodeAttempts: unlimitedAttempts,
      users: inMemoryUsers(),
      whitelistedEmails: [],
      now: () => 1,
    });
    const ada = { userId: 'u1', email: 'ada@example.com' };
    await service.checkUser(ada);
    await service.completeOnboarding(ada, {
      userRole: 'CTO/Tech Lead',
      companySize: '21-50 people',
      email: 'ada@example.com',
      useCase: 'build_mvp',
      challengeToSolve: 'An agent that files my invoices',
      submittedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await service.profile(ada)).toMatchObject({
      profile: null,
      suggested: { role: 'CTO/Tech Lead', companySize: 'small' },
    });
    await service.saveProfile(ada, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines',
      companySize: 'medium',
      role: 'CTO',
    });
    expect(await service.profile(ada)).not.toHaveProperty('suggested');
  });
});
