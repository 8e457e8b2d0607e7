export const IDENTITY_ERROR_CODES = [
  'UserNotConfirmedException',
  'NotAuthorizedException',
  'UserNotFoundException',
  'UsernameExistsException',
  'LimitExceededException',
  'InvalidPasswordException',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/** Identity service errors by code, the login screen's own wording, and the fallbacks. */
export const IDENTITY_ERROR_MESSAGES = {
  UserNotConfirmedException: 'Your account has not been confirmed yet.',
  NotAuthorizedException: 'Incorrect username or password.',
  UserNotFoundException: 'Account not found. Please check your credentials or sign up.',
  UsernameExistsException: 'An account with this email already exists.',
  LimitExceededException: 'Too many attempts. Please try again later.',
  InvalidPasswordException: 'Password does not meet requirements.',
  login: {
    UserNotConfirmedException:
      'Your account has not been confirmed yet. Please check your email for a confirmation code.',
    NotAuthorizedException: 'Incorrect username or password. Please try again.',
  },
  fallback: 'An unexpected authentication error occurred',
  loginFallback: 'An error occurred during login',
} as const;

export type IdentityErrorContext = 'default' | 'login';

function isIdentityErrorCode(code: unknown): code is IdentityErrorCode {
  return typeof code === 'string' && (IDENTITY_ERROR_CODES as readonly string[]).includes(code);
}

/** The identity error code of an Amplify error (its `name`) or of a raw service error (its `code`). */
export function identityErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (isIdentityErrorCode(code)) return code;
  if (isIdentityErrorCode(name)) return name;
  if (typeof code === 'string' && code) return code;
  return typeof name === 'string' && name !== 'Error' ? name : undefined;
}

/** The message shown for an identity error: by code, else the raw message, else the fallback. */
export function identityErrorMessage(error: unknown, context: IdentityErrorContext = 'default'): string {
  const code = identityErrorCode(error);
  if (isIdentityErrorCode(code)) {
    if (context === 'login' && (code === 'UserNotConfirmedException' || code === 'NotAuthorizedException')) {
      return IDENTITY_ERROR_MESSAGES.login[code];
    }
    return IDENTITY_ERROR_MESSAGES[code];
  }
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  // A trigger's refusal (UserLambdaValidationException): its own message, without Cognito's wrapper.
  if (code === 'UserLambdaValidationException' && typeof message === 'string') {
    const reason = TRIGGER_ERROR.exec(message.trim())?.[1];
    if (reason) return reason.endsWith('.') ? reason : `${reason}.`;
  }
  if (typeof message === 'string' && message.trim()) return message;
  return context === 'login' ? IDENTITY_ERROR_MESSAGES.loginFallback : IDENTITY_ERROR_MESSAGES.fallback;
}

/** Why sign-up refused an address (the pre-sign-up trigger's error; shown on /signup). */
export const emailDomainNotAllowed = (domains: readonly string[]) =>
  `Sign-up is open to e-mail addresses at ${domains.join(', ')} only.`;

/** How Cognito words a trigger's error: `<Trigger> failed with error <message>.` */
const TRIGGER_ERROR = /^\w+ failed with error (.+?)\.?$/s;
