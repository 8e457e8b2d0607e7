import * as z from 'zod';
import { modelSettingsSchema } from './conversation';

/** GET /user */
export const userCheckResponseSchema = z.object({
  isWhitelisted: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  email: z.string(),
});
export type UserCheckResponse = z.infer<typeof userCheckResponseSchema>;

/** A whitelisted user, or one who has completed onboarding, goes straight to /home. */
export function shouldSkipOnboarding(user: UserCheckResponse): boolean {
  return user.isWhitelisted || user.hasCompletedOnboarding;
}

/**
 * GET/PUT /users/preferences (the spec does not show the body): what the app remembers for a user
 * across devices. PUT replaces the whole object; unknown keys are refused.
 */
export const userPreferencesSchema = z
  .object({
    defaultProvider: z.string().trim().min(1).max(100).optional(),
    defaultModel: z.string().trim().min(1).max(200).optional(),
    theme: z.enum(['light', 'dark', 'system']).optional(),
    /** What a new conversation starts with. */
    defaultSettings: modelSettingsSchema.optional(),
  })
  .strict();
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

/** GET /users/profile: the profile-setup form's fields once saved, else null. */
export const userProfileSchema = z.object({
  userId: z.string(),
  email: z.string(),
  profile: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      companyName: z.string(),
      companySize: z.string(),
      role: z.string(),
    })
    .nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
