import { createUserRepository } from '../adapters/dynamodb/user-repository.js';
import { createUserService, type UserService } from '../domain/users/user-service.js';
import { db, env } from './root.js';

let users: UserService | undefined;
export function userService(): UserService {
  users ??= createUserService({
    users: createUserRepository(db, env.tables.users),
    whitelistedEmails: env.WHITELISTED_EMAILS,
    now: Date.now,
  });
  return users;
}
