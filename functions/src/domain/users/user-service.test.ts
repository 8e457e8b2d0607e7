import { describe, expect, it } from 'vitest';
import type { UserRecord, UserRepository } from './user.js';
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

describe('user service: checkUser', () => {
  it('creates the user record on the first call and answers the user check', async () => {
    const users = inMemoryUsers();
    const service = createUserService({ users, whitelistedEmails: [], now: () => 42 });

    const result = await service.checkUser({ userId: 'u1', email: 'ada@example.com' });

    expect(result).toEqual({ isWhitelisted: false, hasCompletedOnboarding: false, email: 'ada@example.com' });
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
    const service = createUserService({ users, whitelistedEmails: [], now: () => 99 });

    expect(await service.checkUser({ userId: 'u1', email: 'changed@example.com' })).toEqual({
      isWhitelisted: true,
      hasCompletedOnboarding: true,
      email: 'ada@example.com',
    });
  });

  it('whitelists e-mails from the stage configuration, ignoring case', async () => {
    const service = createUserService({
      users: inMemoryUsers(),
      whitelistedEmails: ['Grace@Example.com'],
      now: () => 1,
    });
    expect((await service.checkUser({ userId: 'u2', email: 'grace@example.com' })).isWhitelisted).toBe(true);
  });

  it('keeps preferences per user and answers /users/me and /users/profile', async () => {
    const users = inMemoryUsers();
    const service = createUserService({ users, whitelistedEmails: [], now: () => 7 });
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
