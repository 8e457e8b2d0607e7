import { ACCOUNT_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { type AccessMode, accessOf, type UserRecord } from './user.js';

/**
 * What the gate reads of the caller's record (users table): the fields that decide their access,
 * and `deletedAt`, set when the record is a deleted account's tombstone.
 */
export type UserStanding = Partial<Pick<UserRecord, 'isWhitelisted' | 'admittedAt'>> & { deletedAt?: number };

export interface UserStandingReader {
  standingOf(userId: string): Promise<UserStanding | undefined>;
}

/**
 * The streams' copy of the gate's answer (their role may only get items of the billing table):
 * `granted` once the user check found the caller let in on a waitlist stage, `deletedAt` a deleted
 * account's tombstone.
 */
export interface StreamPass {
  granted?: boolean;
  deletedAt?: number;
}

export interface StreamPassReader {
  passOf(userId: string): Promise<StreamPass | undefined>;
}

/** A waitlisted caller on a product route: 403 with a message saying why (the web app shows it). */
export class WaitlistedError extends ForbiddenError {
  constructor() {
    super(ACCOUNT_MESSAGES.waitlisted);
  }
}

/** The token of an account deleted since it was issued: 401, as if signed out. */
export class DeletedAccountError extends UnauthorizedError {
  constructor() {
    super('Unauthorized');
  }
}

/**
 * The gate of every buffered route with a caller (http-route), one GetItem of their record: a
 * deleted account's still-valid token is refused (401) everywhere; on a `waitlist` stage a product
 * route (`members`) also needs the caller whitelisted or admitted. `deletedToo` (a deletion job's
 * state, the caller's own) lets anyone the authorizer let through.
 */
export function createAccessGate(deps: { reader: UserStandingReader; mode: () => AccessMode }) {
  return {
    async assertAllowed(caller: Caller, access: 'members' | 'everyone' | 'deletedToo'): Promise<void> {
      if (access === 'deletedToo') return;
      const standing = await deps.reader.standingOf(caller.userId);
      if (standing?.deletedAt !== undefined) throw new DeletedAccountError();
      const record = standing && { ...standing, isWhitelisted: standing.isWhitelisted ?? false };
      if (access === 'members' && accessOf(record, deps.mode()) !== 'granted') {
        throw new WaitlistedError();
      }
    },
  };
}
export type AccessGate = ReturnType<typeof createAccessGate>;

/**
 * The same gate on the streams (sse-route), one GetItem of their pass: a deleted account is 401;
 * on a `waitlist` stage only a caller the user check (GET /user) found let in may stream, with the
 * buffered routes' 403 and message otherwise.
 */
export function createStreamGate(deps: { passes: StreamPassReader; mode: () => AccessMode }) {
  return {
    async assertAllowed(caller: Caller): Promise<void> {
      const pass = await deps.passes.passOf(caller.userId);
      if (pass?.deletedAt !== undefined) throw new DeletedAccountError();
      if (deps.mode() === 'waitlist' && pass?.granted !== true) throw new WaitlistedError();
    },
  };
}
export type StreamGate = ReturnType<typeof createStreamGate>;
