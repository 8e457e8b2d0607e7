import { CognitoError } from 'cognito-local/lib/errors';

/** An error answered as `{ __type: code, message }` with status 400, like Cognito. */
export const cognitoError = (code: string, message: string): CognitoError => new CognitoError(code, message);

export const isCognitoError = (error: unknown, code?: string): error is CognitoError =>
  error instanceof CognitoError && (code === undefined || error.code === code);

export const incorrectCredentials = () =>
  cognitoError('NotAuthorizedException', 'Incorrect username or password.');
export const userDoesNotExist = () => cognitoError('UserNotFoundException', 'User does not exist.');
export const unknownUsername = () =>
  cognitoError('UserNotFoundException', 'Username/client id combination not found.');
export const codeMismatch = () =>
  cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
export const attemptLimitExceeded = () =>
  cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

/** Runs `action` and replaces a Cognito error of code `code` by `replacement()`. */
export async function rethrowAs<T>(
  code: string,
  replacement: () => Error,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isCognitoError(error, code)) throw replacement();
    throw error;
  }
}
