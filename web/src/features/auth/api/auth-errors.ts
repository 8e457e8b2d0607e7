import {
  AUTH_FLOW_MESSAGES,
  IDENTITY_ERROR_CODES,
  type IdentityErrorContext,
  identityErrorCode,
  identityErrorMessage,
} from '@agentforge/shared';

/** An identity-flow failure the auth layer raises itself, with an identity service code (e.g. UserNotConfirmedException). */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';

  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type AuthErrorInfo = {
  /** The identity service's code (Amplify's error `name`), when there is one. */
  code: string | undefined;
  /** What the visitor reads (spec 8 "Identity errors and the message shown"). */
  message: string;
};

type DescribeOptions = {
  /** 'login' uses the login screen's own wording for NotAuthorizedException and UserNotConfirmedException. */
  context?: IdentityErrorContext;
  /** Shown instead of the generic fallback when the error has no known code and no message of its own. */
  fallback?: string;
};

function hasOwnMessage(error: unknown): boolean {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  return typeof message === 'string' && message.trim() !== '';
}

/**
 * The ONE place identity errors become the spec's messages: the shared catalogue by code (in the
 * login wording on the login screen), a network failure as 'No response from server...', else the
 * error's own message, else `fallback` or the catalogue's generic message.
 */
export function describeAuthError(error: unknown, { context = 'default', fallback }: DescribeOptions = {}) {
  const code = identityErrorCode(error);
  if (code === 'NetworkError')
    return { code, message: AUTH_FLOW_MESSAGES.noResponse } satisfies AuthErrorInfo;
  if (
    code === 'OAuthNotConfigureException' // Amplify: no hosted sign-in domain in the configuration
  ) {
    return { code, message: AUTH_FLOW_MESSAGES.socialSignInNotConfigured } satisfies AuthErrorInfo;
  }
  const known = code !== undefined && (IDENTITY_ERROR_CODES as readonly string[]).includes(code);
  if (fallback !== undefined && !known && !hasOwnMessage(error)) {
    return { code, message: fallback } satisfies AuthErrorInfo;
  }
  return { code, message: identityErrorMessage(error, context) } satisfies AuthErrorInfo;
}
