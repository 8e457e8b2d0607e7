import type {
  OnboardingPayload,
  ProfileForm,
  UserCheckResponse,
  UserMe,
  UserPreferences,
  UserProfile,
  WaitlistInfo,
} from '@agentforge/shared';
import { ACCOUNT_MESSAGES, type AccessState, companySizeOfTeam } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { RateLimitedError, ValidationError } from '../errors.js';
import {
  type AccessMode,
  accessOf,
  type InviteCodeAttempts,
  type UserRecord,
  type UserRepository,
} from './user.js';

/** Invite codes a user may try in a window: enough for typos, far too few to guess one. */
const INVITE_CODE_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 };

export interface UserServiceDeps {
  users: UserRepository;
  whitelistedEmails: readonly string[];
  /** The stage's invite codes: one sent with the waitlist form admits the user at once. */
  inviteCodes?: readonly string[];
  inviteCodeAttempts: InviteCodeAttempts;
  /** The stage's access gate, read per call (tests switch it). */
  accessMode?: () => AccessMode;
  /** The streams' copy of the gate's answer (access-gate.ts StreamPass), written when it is `granted`. */
  streamPasses?: { grant(userId: string): Promise<void> };
  now: () => number;
}

export function createUserService({
  users,
  whitelistedEmails,
  inviteCodes = [],
  inviteCodeAttempts,
  accessMode = () => 'open',
  streamPasses,
  now,
}: UserServiceDeps) {
  const whitelist = new Set(whitelistedEmails.map((email) => email.toLowerCase()));
  const invites = new Set(inviteCodes);

  /** The caller's record, created on the first call (also by the post-confirmation trigger on AWS). */
  async function recordOf(caller: Caller): Promise<UserRecord> {
    const existing = await users.get(caller.userId);
    if (existing) return existing;
    return users.createIfAbsent({
      userId: caller.userId,
      email: caller.email,
      // Only an address proven the caller's: the whitelist is a list of e-mails.
      isWhitelisted: caller.emailVerified === true && whitelist.has(caller.email.toLowerCase()),
      hasCompletedOnboarding: false,
      createdAt: now(),
      updatedAt: now(),
    });
  }

  const checkOf = (record: UserRecord): UserCheckResponse => ({
    isWhitelisted: record.isWhitelisted,
    hasCompletedOnboarding: record.hasCompletedOnboarding,
    email: record.email,
    access: accessOf(record, accessMode()),
  });

  /**
   * A caller let in on a waitlist stage gets their stream pass (the app checks the user on every
   * load, so an admission reaches the streams then); an open stage's "granted" gives none.
   */
  async function passOn(userId: string, access: AccessState | undefined): Promise<void> {
    if (access === 'granted' && accessMode() === 'waitlist') await streamPasses?.grant(userId);
  }

  return {
    /** GET /user */
    async checkUser(caller: Caller): Promise<UserCheckResponse> {
      const check = checkOf(await recordOf(caller));
      await passOn(caller.userId, check.access);
      return check;
    },

    /** The post-confirmation trigger: the record, created once. */
    async ensureRecord(caller: Caller): Promise<void> {
      await recordOf(caller);
    },

    /** POST /user/onboarding: keeps the Welcome Aboard answers and marks onboarding complete. */
    async completeOnboarding(caller: Caller, onboarding: OnboardingPayload): Promise<UserCheckResponse> {
      const record = await recordOf(caller);
      await users.update(caller.userId, { onboarding, hasCompletedOnboarding: true, updatedAt: now() });
      return checkOf({ ...record, onboarding, hasCompletedOnboarding: true });
    },

    /**
     * PUT /users/me/waitlist-info: keeps what the waitlist form says; a valid invite code admits the
     * user at once, an unknown one is refused (400) and nothing is stored. Each code tried counts
     * against the user's attempts (429 past them, whatever the code) until a right one clears them.
     */
    async saveWaitlistInfo(caller: Caller, body: WaitlistInfo): Promise<{ access: AccessState }> {
      const record = await recordOf(caller);
      const { inviteCode, ...info } = body;
      if (inviteCode) {
        const at = now();
        const { retryAt } = await inviteCodeAttempts.take(caller.userId, {
          now: at,
          ...INVITE_CODE_ATTEMPTS,
        });
        if (retryAt !== undefined)
          throw new RateLimitedError(
            ACCOUNT_MESSAGES.inviteCodeThrottled(Math.max(1, Math.ceil((retryAt - at) / 60_000))),
          );
      }
      const invited = inviteCode ? invites.has(inviteCode) : false;
      if (inviteCode && !invited) throw new ValidationError(ACCOUNT_MESSAGES.inviteCodeInvalid);
      if (invited) await inviteCodeAttempts.clear(caller.userId);
      const admit = invited && record.admittedAt === undefined;
      const changes = {
        waitlistInfo: info,
        updatedAt: now(),
        ...(admit ? { admittedAt: now(), admittedBy: 'invite' as const } : {}),
      };
      await users.update(caller.userId, changes);
      const access = accessOf({ ...record, ...changes }, accessMode());
      await passOn(caller.userId, access);
      return { access };
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
      const { onboarding } = record;
      return {
        userId: record.userId,
        email: record.email,
        profile: record.profile ?? null,
        ...(!record.profile && onboarding
          ? {
              suggested: {
                role: onboarding.userRole,
                companySize: companySizeOfTeam(onboarding.companySize),
              },
            }
          : {}),
      };
    },

    /** PUT /users/profile: the profile setup form (and the /profile page's edit), replaced whole. */
    async saveProfile(caller: Caller, profile: ProfileForm): Promise<UserProfile> {
      const record = await recordOf(caller);
      await users.update(caller.userId, { profile, updatedAt: now() });
      return { userId: record.userId, email: record.email, profile };
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
