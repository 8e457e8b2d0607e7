import * as z from 'zod';

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
