import { describe, expect, it } from 'vitest';
import { describeAuthError, IdentityError } from './auth-errors';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('describeAuthError', () => {
  it.each([
    ['UserNotConfirmedException', 'Your account has not been confirmed yet.'],
    ['NotAuthorizedException', 'Incorrect username or password.'],
    ['UserNotFoundException', 'Account not found. Please check your credentials or sign up.'],
    ['UsernameExistsException', 'An account with this email already exists.'],
    ['LimitExceededException', 'Too many attempts. Please try again later.'],
    ['InvalidPasswordException', 'Password does not meet requirements.'],
  ])('maps %s to the catalogue message', (code, message) => {
    expect(describeAuthError(named(code, 'raw service text'))).toEqual({ code, message });
  });

  it('uses the login wording on the login screen', () => {
    expect(describeAuthError(named('NotAuthorizedException'), { context: 'login' }).message).toBe(
      'Incorrect username or password. Please try again.',
    );
    expect(describeAuthError(named('UserNotConfirmedException'), { context: 'login' }).message).toBe(
      'Your account has not been confirmed yet. Please check your email for a confirmation code.',
    );
    expect(describeAuthError(named('LimitExceededException'), { context: 'login' }).message).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it('reads the code of its own IdentityError', () => {
    const error = new IdentityError('UserNotConfirmedException', 'not confirmed');
    expect(describeAuthError(error, { context: 'login' })).toEqual({
      code: 'UserNotConfirmedException',
      message: 'Your account has not been confirmed yet. Please check your email for a confirmation code.',
    });
  });

  it('shows an unknown code with its own message', () => {
    expect(
      describeAuthError(
        named('CodeMismatchException', 'Invalid verification code provided, please try again.'),
      ),
    ).toEqual({
      code: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
  });

  it('falls back to the given text, else to the generic message of the context', () => {
    expect(describeAuthError({}, { fallback: 'There was a problem confirming your code.' }).message).toBe(
      'There was a problem confirming your code.',
    );
    expect(describeAuthError(undefined).message).toBe('An unexpected authentication error occurred');
    expect(describeAuthError({}, { context: 'login' }).message).toBe('An error occurred during login');
  });

  it('keeps a known code in the catalogue wording even when a fallback is given', () => {
    expect(describeAuthError(named('LimitExceededException'), { fallback: 'other' }).message).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it('explains a network failure and an unconfigured social sign-in', () => {
    expect(describeAuthError(named('NetworkError', 'A network error has occurred.')).message).toBe(
      'No response from server. Please check your connection.',
    );
    expect(
      describeAuthError(named('OAuthNotConfigureException', 'oauth param not configured.')).message,
    ).toBe('Social sign-in is not configured on this stage.');
  });
});
