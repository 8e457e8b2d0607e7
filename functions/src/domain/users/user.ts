import { userPreferencesSchema, userProfileSchema } from '@agentforge/shared';
import * as z from 'zod';

/** A user's record, created on first sign-in (and by the post-confirmation trigger on AWS). */
export const userRecordSchema = z.object({
  userId: z.string().min(1),
  email: z.string(),
  isWhitelisted: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  preferences: userPreferencesSchema.optional(),
  profile: userProfileSchema.shape.profile.optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export interface UserRepository {
  get(userId: string): Promise<UserRecord | undefined>;
  /** Sets fields of an existing record. */
  update(
    userId: string,
    changes: Partial<Pick<UserRecord, 'preferences' | 'profile' | 'updatedAt'>>,
  ): Promise<void>;
  /** Writes the record unless one exists; returns the stored record either way. */
  createIfAbsent(record: UserRecord): Promise<UserRecord>;
}
