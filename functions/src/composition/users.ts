import { createInviteCodeAttempts } from '../adapters/dynamodb/invite-code-attempts.js';
import { createStreamPassGrants } from '../adapters/dynamodb/stream-pass-grants.js';
import { createUserRepository } from '../adapters/dynamodb/user-repository.js';
import { createUserService, type UserService } from '../domain/users/user-service.js';
import { accessMode } from './access.js';
import { db, env } from './root.js';

let users: UserService | undefined;
export function userService(): UserService {
  users ??= createUserService({
    users: createUserRepository(db, env.tables.users),
    whitelistedEmails: env.WHITELISTED_EMAILS,
    inviteCodes: env.INVITE_CODES,
    inviteCodeAttempts: createInviteCodeAttempts(db, env.tables.users),
    accessMode,
    streamPasses: createStreamPassGrants(db, env.tables.billing),
    now: Date.now,
  });
  return users;
}
