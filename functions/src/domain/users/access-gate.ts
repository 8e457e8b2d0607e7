import { ACCOUNT_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ForbiddenError } from '../errors.js';
import { type AccessMode, accessOf, type UserRecord } from './user.js';

export interface UserAccessReader {
  accessFields(userId: string): Promise<Pick<UserRecord, 'isWhitelisted' | 'admittedAt'> | undefined>;
}

/** A waitlisted caller on a product route: 403 with a message saying why (the web app shows it). */
export class WaitlistedError extends ForbiddenError {
  constructor() {
    super(ACCOUNT_MESSAGES.waitlisted);
  }
}

/**
 * The access gate of every product route of the API (http-route; the streams need a conversation
 * of the caller's, which only gated routes create: sse-route): on a `waitlist` stage the caller
 * must be whitelisted or admitted; an `open` stage reads nothing.
 */
export function createAccessGate(deps: { reader: UserAccessReader; mode: () => AccessMode }) {
  return {
    async assertAdmitted(caller: Caller): Promise<void> {
      const mode = deps.mode();
      if (mode === 'open') return;
      if (accessOf(await deps.reader.accessFields(caller.userId), mode) !== 'granted') {
        throw new WaitlistedError();
      }
    },
  };
}
export type AccessGate = ReturnType<typeof createAccessGate>;
