import { describe, expect, it } from 'vitest';
import { emailDomainNotAllowed, IDENTITY_ERROR_MESSAGES, identityErrorMessage } from './identity';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('identityErrorMessage', () => {
  it('maps known codes to the spec messages', () => {
    expect(identityErrorMessage(named('UsernameExistsException', 'raw'))).toBe(
      'An account with this email already exists.',
    );
    expect(identityErrorMessage({ code: 'LimitExceededException' })).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it('uses the login wording on the login screen', () => {
    expect(identityErrorMessage(named('NotAuthorizedException'), 'login')).toBe(
      'Incorrect username or password. Please try again.',
    );
    expect(identityErrorMessage(named('UserNotConfirmedException'), 'login')).toBe(
      IDENTITY_ERROR_MESSAGES.login.UserNotConfirmedException,
    );
    expect(identityErrorMessage(named('UserNotFoundException'), 'login')).toBe(
      'Account not found. Please check your credentials or sign up.',
    );
  });

  it('falls back to the raw message, then to the generic message of the context', () => {
    expect(identityErrorMessage(named('CodeMismatchException', 'Invalid code'))).toBe('Invalid code');
    expect(identityErrorMessage(undefined)).toBe('An unexpected authentication error occurred');
    expect(identityErrorMessage({}, 'login')).toBe('An error occurred during login');
  });

  it('shows a trigger’s refusal as its own message, without Cognito’s wrapper', () => {
    const refusal = emailDomainNotAllowed(['acme.example']);
    expect(
      identityErrorMessage(named('UserLambdaValidationException', `PreSignUp failed with error ${refusal}.`)),
    ).toBe('Sign-up is open to e-mail addresses at acme.example only.');
  });
});
