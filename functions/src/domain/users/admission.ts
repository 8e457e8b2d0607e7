import { ACCOUNT_MESSAGES } from '@agentforge/shared';
import type { Mailer } from '../mail.js';
import type { UserChanges, UserRecord } from './user.js';

/** Product mail: the local outbox on the local stack, SES on AWS. */

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
