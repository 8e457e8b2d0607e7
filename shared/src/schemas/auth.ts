import * as z from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants/product';
import { AUTH_MESSAGES } from '../messages/auth';

/** Required first, then the format, so an empty field reports only 'Email is required'. */
const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));

const requiredString = (message: string) => z.string({ error: message }).min(1, message);

export const currentUserSchema = z.object({ username: z.string(), userId: z.string() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authStateSchema = z.object({
  isAuthenticated: z.boolean(),
  isLoading: z.boolean(),
  authChecked: z.boolean(),
  user: currentUserSchema.nullable(),
  // The spec does not show the profile's or the session's fields.
  userProfile: z.unknown().nullable(),
  session: z.unknown().nullable(),
  error: z.string().nullable(),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const AUTH_ACTION_TYPES = [
  'SET_LOADING',
  'SET_AUTHENTICATED',
  'SET_UNAUTHENTICATED',
  'SET_PROFILE',
  'SET_ERROR',
] as const;
export type AuthActionType = (typeof AUTH_ACTION_TYPES)[number];

export const storedIdentityIdSchema = z.object({ id: z.string(), type: z.enum(['primary', 'guest']) });
export type StoredIdentityId = z.infer<typeof storedIdentityIdSchema>;

export const signInFormSchema = z.object({
  email: emailField,
  password: requiredString(AUTH_MESSAGES.passwordRequired),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const signUpFormSchema = z
  .object({
    email: emailField,
    password: z
      .string({ error: AUTH_MESSAGES.passwordRequired })
      .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
      .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort),
    confirm: z.string(),
  })
  .refine((form) => form.password === form.confirm, {
    error: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirm'],
    // Validation runs on every change: report the mismatch even while another field is invalid.
    when: ({ value }) => {
      const form = value as { password?: unknown; confirm?: unknown } | null | undefined;
      return typeof form?.password === 'string' && typeof form.confirm === 'string';
    },
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signUpResultSchema = z.object({ userId: z.string() });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

export const confirmationFormSchema = z.object({
  confirmation: z
    .string({ error: AUTH_MESSAGES.confirmationCodeRequired })
    .trim()
    .min(1, AUTH_MESSAGES.confirmationCodeRequired),
});
export type ConfirmationForm = z.infer<typeof confirmationFormSchema>;

/** Reset step 1: request a code. */
export const resetRequestFormSchema = z.object({ email: emailField });
export type ResetRequestForm = z.infer<typeof resetRequestFormSchema>;

/** Reset step 2: the e-mail again, the code and the new password (no other password rule). */
export const resetFormSchema = resetRequestFormSchema.extend({
  code: requiredString(AUTH_MESSAGES.resetCodeRequired),
  password: requiredString(AUTH_MESSAGES.newPasswordRequired),
});
export type ResetForm = z.infer<typeof resetFormSchema>;

export function resetFormSchemaForStep(step: 1 | 2) {
  return step === 1 ? resetRequestFormSchema : resetFormSchema;
}

/** Identity call inputs: the username is the e-mail. */
export const confirmSignUpInputSchema = z.object({ username: z.string(), confirmationCode: z.string() });
export type ConfirmSignUpInput = z.infer<typeof confirmSignUpInputSchema>;

export const confirmResetPasswordInputSchema = z.object({
  username: z.string(),
  confirmationCode: z.string(),
  newPassword: z.string(),
});
export type ConfirmResetPasswordInput = z.infer<typeof confirmResetPasswordInputSchema>;
