import * as z from 'zod';
import { COMPANY_SIZES, DEFAULT_COMPANY_SIZE } from '../constants/product';
import { PROFILE_MESSAGES } from '../messages/account';

/** Not worded by the spec: the longest a profile field may be. */
export const MAX_PROFILE_FIELD_LENGTH = 100;
const requiredString = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(MAX_PROFILE_FIELD_LENGTH, `At most ${MAX_PROFILE_FIELD_LENGTH} characters`);

/** The profile setup overlay's form. */
export const profileFormSchema = z.object({
  firstName: requiredString(PROFILE_MESSAGES.firstNameRequired),
  lastName: requiredString(PROFILE_MESSAGES.lastNameRequired),
  companyName: requiredString(PROFILE_MESSAGES.companyNameRequired),
  companySize: z
    .enum(COMPANY_SIZES, { error: PROFILE_MESSAGES.companySizeRequired })
    .default(DEFAULT_COMPANY_SIZE),
  role: requiredString(PROFILE_MESSAGES.roleRequired),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
export type ProfileFormInput = z.input<typeof profileFormSchema>;

/** PUT /users/profile: the same rules as the form; unknown keys are refused. */
export const profileBodySchema = profileFormSchema.strict();
