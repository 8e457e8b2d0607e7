import { MIN_PASSWORD_LENGTH } from '../constants/product';

/** The sign-in, sign-up and password-reset forms' texts (the failures any page reports: AUTH_FLOW_MESSAGES). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordsDontMatch: "Passwords don't match",
  confirmationCodeRequired: 'Confirmation code required',
  resetCodeRequired: 'Enter the code sent to your email',
  newPasswordRequired: 'Enter a new password',
  loading: 'Loading...',
  loadProfileFailed: 'Failed to load user profile',
  /** Not worded by the spec, which only says the login page carries this note (spec 1). */
  waitlistNote: "You're not on the waitlist yet. Log in to join the community.",
  /** The pre-authentication trigger's refusal of a password sign-in at a domain whose team requires SSO. */
  ssoRequired:
    "Your organization requires single sign-on for this e-mail address. Use 'Sign in with SSO' below.",
} as const;
