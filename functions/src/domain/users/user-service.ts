import type { UserCheckResponse } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { UserRepository } from './user.js';

export interface UserServiceDeps {
  users: UserRepository;
  whitelistedEmails: readonly string[];
  now: () => number;
}

export function createUserService({ users, whitelistedEmails, now }: UserServiceDeps) {
  const whitelist = new Set(whitelistedEmails.map((email) => email.toLowerCase()));

  return {
    /** The caller's user check (GET /user), creating the record on the first call. */
    async checkUser(caller: Caller): Promise<UserCheckResponse> {
      const existing = await users.get(caller.userId);
      const record =
        existing ??
        (await users.createIfAbsent({
          userId: caller.userId,
          email: caller.email,
          isWhitelisted: whitelist.has(caller.email.toLowerCase()),
          hasCompletedOnboarding: false,
          createdAt: now(),
          updatedAt: now(),
        }));
      return {
        isWhitelisted: record.isWhitelisted,
        hasCompletedOnboarding: record.hasCompletedOnboarding,
        email: record.email,
      };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
