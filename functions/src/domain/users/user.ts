import {
  type AccessState,
  onboardingPayloadSchema,
  userPreferencesSchema,
  userProfileSchema,
  waitlistInfoSchema,
} from '@agentforge/shared';
import * as z from 'zod';
import * as zm from 'zod/mini';

/** A user's record, created on first sign-in (and by the post-confirmation trigger on AWS). */
export const userRecordSchema = z.object({
  userId: z.string().min(1),
  email: z.string(),
  isWhitelisted: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  preferences: z.optional(userPreferencesSchema),
  profile: z.optional(userProfileSchema.shape.profile),
  /** What the Welcome Aboard form sent (POST /user/onboarding). */
  onboarding: onboardingPayloadSchema.optional(),
  /** What the waitlist form sent (PUT /users/me/waitlist-info), without the invite code. */
  waitlistInfo: z.optional(zm.omit(waitlistInfoSchema, { inviteCode: true })),
  /** When the user was let in from the waitlist (`admin admit`, an invite code or a team's invitation), epoch ms. */
  admittedAt: z.number().optional(),
  /** How: `operator` (the admin CLI), `invite` (a stage invite code) or `team` (a team's invitation accepted). */
  admittedBy: z.enum(['operator', 'invite', 'team']).optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export type UserChanges = Partial<
  Pick<
    UserRecord,
    | 'preferences'
    | 'profile'
    | 'onboarding'
    | 'hasCompletedOnboarding'
    | 'waitlistInfo'
    | 'admittedAt'
    | 'admittedBy'
    | 'updatedAt'
  >
>;

export interface UserRepository {
  get(userId: string): Promise<UserRecord | undefined>;
  /** Sets fields of an existing record. */
  update(userId: string, changes: UserChanges): Promise<void>;
  /** Writes the record unless one exists; returns the stored record either way. */
  createIfAbsent(record: UserRecord): Promise<UserRecord>;
}

/**
 * Invite codes tried by a user, throttled (a code is short enough to guess): `take` counts an
 * attempt, or refuses it with when the window ends; a right code clears the count.
 */
export interface InviteCodeAttempts {
  take(userId: string, limit: { now: number; windowMs: number; max: number }): Promise<{ retryAt?: number }>;
  clear(userId: string): Promise<void>;
}

/** `open`: every signed-in user may use the product; `waitlist`: only those let in. */
export const ACCESS_MODES = ['open', 'waitlist'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];

/**
 * Where a user stands (the gate): an open stage lets everyone in; a waitlist stage lets in the
 * whitelisted (stage e-mails, or an operator's flag) and those admitted (CLI or invite code).
 * A user without a record yet (never called GET /user) is waitlisted.
 */
export function accessOf(
  record: Pick<UserRecord, 'isWhitelisted' | 'admittedAt'> | undefined,
  mode: AccessMode,
): AccessState {
  if (mode === 'open') return 'granted';
  return record && (record.isWhitelisted || record.admittedAt !== undefined) ? 'granted' : 'waitlisted';
}
