import type { UserCheckResponse, UserMe, UserPreferences, UserProfile } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { UserRecord, UserRepository } from './user.js';

export interface UserServiceDeps {
  users: UserRepository;
  whitelistedEmails: readonly string[];
  now: () => number;
}

export function createUserService({ users, whitelistedEmails, now }: UserServiceDeps) {
  const whitelist = new Set(whitelistedEmails.map((email) => email.toLowerCase()));

  /** The caller's record, created on the first call (also by the post-confirmation trigger on AWS). */
  async function recordOf(caller: Caller): Promise<UserRecord> {
    const existing = await users.get(caller.userId);
    if (existing) return existing;
    return users.createIfAbsent({
      userId: caller.userId,
      email: caller.email,
      isWhitelisted: whitelist.has(caller.email.toLowerCase()),
      hasCompletedOnboarding: false,
      createdAt: now(),
      updatedAt: now(),
    });
  }

  return {
    /** GET /user */
    async checkUser(caller: Caller): Promise<UserCheckResponse> {
      const record = await recordOf(caller);
      return {
        isWhitelisted: record.isWhitelisted,
        hasCompletedOnboarding: record.hasCompletedOnboarding,
        email: record.email,
      };
    },

    /** GET /users/me */
    async me(caller: Caller): Promise<UserMe> {
      const record = await recordOf(caller);
      const { userId, email, isWhitelisted, hasCompletedOnboarding, createdAt } = record;
      return { userId, username: email, email, isWhitelisted, hasCompletedOnboarding, createdAt };
    },

    /** GET /users/profile */
    async profile(caller: Caller): Promise<UserProfile> {
      const record = await recordOf(caller);
      return { userId: record.userId, email: record.email, profile: record.profile ?? null };
    },

    async preferences(caller: Caller): Promise<UserPreferences> {
      return (await recordOf(caller)).preferences ?? {};
    },

    async setPreferences(caller: Caller, preferences: UserPreferences): Promise<UserPreferences> {
      await recordOf(caller);
      await users.update(caller.userId, { preferences, updatedAt: now() });
      return preferences;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
