import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityError } from './auth-errors';
import {
  confirmPasswordReset,
  confirmSignUpCode,
  getSignedInEmail,
  requestPasswordReset,
  signInAfterConfirmation,
  signInWithEmail,
  signInWithGoogle,
  signOutUser,
  signUpWithEmail,
} from './identity';
import { forgetCredentials, hasCredentials } from './pending-credentials';

vi.mock('aws-amplify/auth');
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { tokenOrchestrator: { clearTokens: vi.fn(async () => undefined) } },
}));

const EMAIL = 'ada@example.com';
const PASSWORD = 'correct-horse-1';
const named = (name: string, message = name) => Object.assign(new Error(message), { name });
const signedIn = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as const;

afterEach(() => {
  vi.resetAllMocks();
  forgetCredentials();
});

describe('signInWithEmail', () => {
  it('signs in with the e-mail as username', async () => {
    vi.mocked(signIn).mockResolvedValue(signedIn);
    await signInWithEmail(EMAIL, PASSWORD);
    expect(signIn).toHaveBeenCalledWith({ username: EMAIL, password: PASSWORD });
  });

  it('turns an unconfirmed account into UserNotConfirmedException and keeps the credentials', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const failure = signInWithEmail(EMAIL, PASSWORD);
    await expect(failure).rejects.toBeInstanceOf(IdentityError);
    await expect(failure).rejects.toMatchObject({ code: 'UserNotConfirmedException' });
    expect(hasCredentials(EMAIL)).toBe(true);
  });

  it('passes the service error on and keeps nothing', async () => {
    vi.mocked(signIn).mockRejectedValue(named('NotAuthorizedException'));
    await expect(signInWithEmail(EMAIL, 'wrong')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(hasCredentials(EMAIL)).toBe(false);
  });

  it('ends a session left over from another account and signs in again', async () => {
    vi.mocked(signIn)
      .mockRejectedValueOnce(named('UserAlreadyAuthenticatedException'))
      .mockResolvedValueOnce(signedIn);
    await signInWithEmail(EMAIL, PASSWORD);
    expect(signOut).toHaveBeenCalledWith({ global: true });
    expect(signIn).toHaveBeenCalledTimes(2);
  });
});

describe('sign-up and confirmation', () => {
  it('signs up with the e-mail as username and attribute, with auto sign-in', async () => {
    vi.mocked(signUp).mockResolvedValue({
      isSignUpComplete: false,
      userId: 'sub-1',
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: {} },
    });
    await expect(signUpWithEmail(EMAIL, PASSWORD)).resolves.toEqual({
      userId: 'sub-1',
      isSignUpComplete: false,
      autoSignInPending: false,
    });
    expect(signUp).toHaveBeenCalledWith({
      username: EMAIL,
      password: PASSWORD,
      options: { userAttributes: { email: EMAIL }, autoSignIn: true },
    });
    expect(hasCredentials(EMAIL)).toBe(true);
  });

  it('forgets the credentials when sign-up fails', async () => {
    vi.mocked(signUp).mockRejectedValue(named('UsernameExistsException'));
    await expect(signUpWithEmail(EMAIL, PASSWORD)).rejects.toThrow();
    expect(hasCredentials(EMAIL)).toBe(false);
  });

  it('confirms with username and confirmationCode and reports a pending auto sign-in', async () => {
    vi.mocked(confirmSignUp).mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
    await expect(confirmSignUpCode(EMAIL, ' 123456 ')).resolves.toEqual({ autoSignInPending: true });
    expect(confirmSignUp).toHaveBeenCalledWith({ username: EMAIL, confirmationCode: '123456' });
  });

  it('logs in through autoSignIn when it is pending', async () => {
    vi.mocked(autoSignIn).mockResolvedValue(signedIn);
    await expect(signInAfterConfirmation(EMAIL, true)).resolves.toEqual({ signedIn: true });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('logs in with the kept credentials when autoSignIn is not pending', async () => {
    vi.mocked(signUp).mockResolvedValue({
      isSignUpComplete: false,
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: {} },
    });
    await signUpWithEmail(EMAIL, PASSWORD);
    vi.mocked(signIn).mockResolvedValue(signedIn);
    await expect(signInAfterConfirmation('ADA@example.com', false)).resolves.toEqual({ signedIn: true });
    expect(signIn).toHaveBeenCalledWith({ username: EMAIL, password: PASSWORD });
    expect(hasCredentials(EMAIL)).toBe(false);
  });

  it('falls back to the kept credentials when autoSignIn fails', async () => {
    vi.mocked(signIn).mockRejectedValueOnce(named('UserNotConfirmedException'));
    await signInWithEmail(EMAIL, PASSWORD).catch(() => undefined);
    vi.mocked(autoSignIn).mockRejectedValue(named('AutoSignInException'));
    vi.mocked(signIn).mockResolvedValue(signedIn);
    await expect(signInAfterConfirmation(EMAIL, true)).resolves.toEqual({ signedIn: true });
  });

  it('does not log in without a kept password', async () => {
    await expect(signInAfterConfirmation(EMAIL, false)).resolves.toEqual({ signedIn: false });
    expect(signIn).not.toHaveBeenCalled();
  });
});

describe('password reset, social login, session', () => {
  it('requests and confirms a reset with username, confirmationCode and newPassword', async () => {
    await requestPasswordReset(EMAIL);
    expect(resetPassword).toHaveBeenCalledWith({ username: EMAIL });
    await confirmPasswordReset(EMAIL, '123456', 'new-password-1');
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '123456',
      newPassword: 'new-password-1',
    });
  });

  it('starts the redirect with the provider Google, the path to return to in the state', async () => {
    await signInWithGoogle();
    expect(signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' });
    await signInWithGoogle('/home/c/abc');
    expect(signInWithRedirect).toHaveBeenLastCalledWith({ provider: 'Google', customState: '/home/c/abc' });
  });

  it('reads the e-mail from the ID token, or null', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue({
      tokens: { idToken: { payload: { email: EMAIL } }, accessToken: { payload: {} } },
    } as never);
    await expect(getSignedInEmail()).resolves.toBe(EMAIL);
    vi.mocked(fetchAuthSession).mockRejectedValue(new Error('no session'));
    await expect(getSignedInEmail()).resolves.toBeNull();
  });

  it('signs out globally and swallows a failure (false), clearing the tokens', async () => {
    await expect(signOutUser()).resolves.toBe(true);
    expect(signOut).toHaveBeenCalledWith({ global: true });
    expect(cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens).not.toHaveBeenCalled();

    vi.mocked(signOut).mockRejectedValue(named('OAuthSignOutException'));
    await expect(signOutUser()).resolves.toBe(false);
    expect(cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens).toHaveBeenCalled();
  });
});
