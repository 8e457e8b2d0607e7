import * as z from 'zod/mini';
import { COMPANY_SIZES, type CompanySize, type OnboardingTeamSize } from '../constants/product';
import { SPEECH_ENGINES } from '../constants/speech';
import { modelSettingsSchema } from './conversation';

/**
 * Whether the product is open to a user: always on an `open` stage; on a `waitlist` stage once
 * they are whitelisted, admitted by an operator or came with an invite code.
 */
export const ACCESS_STATES = ['granted', 'waitlisted'] as const;
export type AccessState = (typeof ACCESS_STATES)[number];

/** GET /user (the spec's three fields, plus `access`: where the waitlist stands for this user). */
export const userCheckResponseSchema = z.object({
  isWhitelisted: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  email: z.string(),
  access: z.optional(z.enum(ACCESS_STATES)),
});
export type UserCheckResponse = z.infer<typeof userCheckResponseSchema>;

/** A whitelisted user, or one who has completed onboarding, goes straight to /home. */
export function shouldSkipOnboarding(user: UserCheckResponse): boolean {
  return user.isWhitelisted || user.hasCompletedOnboarding;
}

/**
 * Where a signed-in user belongs after the user check: the Welcome Aboard form, the waitlist
 * status (onboarded, on a waitlist stage, not admitted yet), or the product.
 */
export function gateOf(user: UserCheckResponse): 'onboarding' | 'waitlist' | 'home' {
  if (!shouldSkipOnboarding(user)) return 'onboarding';
  return user.access === 'waitlisted' ? 'waitlist' : 'home';
}

/**
 * GET/PUT /users/preferences (the spec does not show the body): what the app remembers for a user
 * across devices. PUT replaces the whole object; unknown keys are refused.
 */
export const userPreferencesSchema = z.strictObject({
  defaultProvider: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  defaultModel: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  theme: z.optional(z.enum(['light', 'dark', 'system'])),
  /** What a new conversation starts with. */
  defaultSettings: z.optional(modelSettingsSchema),
  /** Voice's engine: the browser's speech APIs (absent: the default) or OpenAI's with the user's key. */
  speechEngine: z.optional(z.enum(SPEECH_ENGINES)),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** GET /users/me: the caller's account (username is the e-mail, as at sign-up). */
export const userMeSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  isWhitelisted: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  createdAt: z.number(),
});
export type UserMe = z.infer<typeof userMeSchema>;

/**
 * PUT /users/me/waitlist-info: what the waitlist form tells us while the user waits (all optional),
 * and an invite code, which admits them at once when it is one of the stage's codes.
 */
export const waitlistInfoSchema = z.strictObject({
  website: z.optional(z.union([z.url({ protocol: /^https?$/ }).check(z.maxLength(300)), z.literal('')])),
  referralSource: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  notes: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
  inviteCode: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type WaitlistInfo = z.infer<typeof waitlistInfoSchema>;

/** PUT /users/me/waitlist-info answers where the user stands now. */
export const waitlistStatusSchema = z.object({ access: z.enum(ACCESS_STATES) });

/** DELETE /users/me: the typed confirmation is the account's own e-mail address. */
export const deleteAccountBodySchema = z.strictObject({
  confirmEmail: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** An account deletion's steps, in the order the job runs them (the tombstone last). */
export const ACCOUNT_DELETION_STEPS = [
  'teams',
  'servers',
  'conversations',
  'github',
  'data',
  'sign-in',
  'tombstone',
] as const;
export type AccountDeletionStep = (typeof ACCOUNT_DELETION_STEPS)[number];
export const ACCOUNT_DELETION_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * DELETE /users/me (202) and GET /users/me/deletion: the deletion job, run apart from the request.
 * `step`: the one running (or that failed); `stepsDone`: those finished, in order.
 */
export const accountDeletionJobSchema = z.object({
  state: z.enum(ACCOUNT_DELETION_STATES),
  step: z.optional(z.enum(ACCOUNT_DELETION_STEPS)),
  stepsDone: z.array(z.enum(ACCOUNT_DELETION_STEPS)),
  error: z.optional(z.string()),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type AccountDeletionJob = z.infer<typeof accountDeletionJobSchema>;

/**
 * GET /users/profile: the profile-setup form's fields once saved, else null. Until then
 * `suggested` carries what the Welcome Aboard answers already said (role, company size), so the
 * form does not ask again.
 */
export const userProfileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  profile: z.nullable(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      companyName: z.string(),
      companySize: z.string(),
      role: z.string(),
    }),
  ),
  suggested: z.optional(z.object({ role: z.string(), companySize: z.enum(COMPANY_SIZES) })),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

const COMPANY_SIZE_OF_TEAM: Readonly<Record<OnboardingTeamSize, CompanySize>> = {
  'Just me': 'xsmall',
  '2-5 people': 'xsmall',
  '6-20 people': 'small',
  '21-50 people': 'small',
  '51+ people': 'small',
};

/** The profile's company size (1-10, 10-100, …) a Welcome Aboard team size falls in. */
export const companySizeOfTeam = (teamSize: OnboardingTeamSize): CompanySize =>
  COMPANY_SIZE_OF_TEAM[teamSize];
