import { ACCOUNT_MESSAGES } from '@agentforge/shared';
import type { Mailer } from '../mail.js';
import type { AccessMode, UserChanges, UserRecord } from './user.js';

export interface AdmissionDeps {
  /** The users whose record has this e-mail (case-insensitive; normally one). */
  findByEmail(email: string): Promise<UserRecord[]>;
  update(userId: string, changes: UserChanges): Promise<void>;
  mailer: Mailer;
  /** Where the e-mail tells the user to sign in. */
  appUrl: string;
  now: () => number;
}

export type AdmissionResult =
  | { status: 'admitted'; userId: string }
  | { status: 'already-admitted'; userId: string }
  | { status: 'not-found' };

/**
 * `npm run admin -- admit <email>`: lets a waitlisted user in and e-mails them. Admitting twice
 * changes nothing and sends nothing; whitelisted users count as admitted already.
 */
export async function admitUser(deps: AdmissionDeps, email: string): Promise<AdmissionResult[]> {
  const records = await deps.findByEmail(email.trim());
  if (records.length === 0) return [{ status: 'not-found' }];
  const results: AdmissionResult[] = [];
  for (const record of records) {
    if (record.admittedAt !== undefined || record.isWhitelisted) {
      results.push({ status: 'already-admitted', userId: record.userId });
      continue;
    }
    await deps.update(record.userId, {
      admittedAt: deps.now(),
      admittedBy: 'operator',
      updatedAt: deps.now(),
    });
    await deps.mailer.send({
      to: record.email,
      subject: ACCOUNT_MESSAGES.admittedSubject,
      text: ACCOUNT_MESSAGES.admittedText(deps.appUrl),
      kind: 'waitlist-admitted',
    });
    results.push({ status: 'admitted', userId: record.userId });
  }
  return results;
}

/**
 * An invitation from a team is an admission: a waitlisted invitee who accepts one (signed in with
 * the invited address, the code checked) is let in, `admittedBy: 'team'`. Only on a waitlist stage
 * and only once: never over an earlier admission or the whitelist (the store's condition). No
 * e-mail: the person is in the app already. True when admitted now.
 */
export async function admitTeamInvitee(
  deps: {
    mode: () => AccessMode;
    /** Sets admittedAt/admittedBy unless the user is whitelisted or admitted; false when not set. */
    admitIfWaitlisted(
      userId: string,
      changes: Required<Pick<UserChanges, 'admittedAt' | 'admittedBy' | 'updatedAt'>>,
    ): Promise<boolean>;
    now: () => number;
  },
  userId: string,
): Promise<boolean> {
  if (deps.mode() !== 'waitlist') return false;
  const at = deps.now();
  return deps.admitIfWaitlisted(userId, { admittedAt: at, admittedBy: 'team', updatedAt: at });
}
