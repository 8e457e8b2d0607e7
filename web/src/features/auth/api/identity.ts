import {
  AUTH_FLOW_MESSAGES,
  type CurrentUser,
  IDENTITY_ERROR_MESSAGES,
  identityErrorCode,
} from '@agentforge/shared';
import type { SignInOutput } from 'aws-amplify/auth';
import { IdentityError } from './auth-errors';
import { amplifyAccounts, amplifySession, mayBeSignedIn } from './identity-loader';
import { forgetCredentials, keepCredentials, takeCredentials } from './pending-credentials';

/**
 * The web app's identity service calls (spec 7 "Identity service calls"), over Amplify v6.
 * The username is always the e-mail. Failures are Amplify's errors (their `name` is the service's
 * code) or an {@link IdentityError}; `describeAuthError` turns either into the spec's message.
 */

/** Amplify answers an unconfirmed account with a next step instead of an error: make it the error. */
function assertSignedIn(output: SignInOutput): void {
  if (output.isSignedIn) return;
  const step = output.nextStep.signInStep;
  if (step === 'CONFIRM_SIGN_UP') {
    throw new IdentityError('UserNotConfirmedException', IDENTITY_ERROR_MESSAGES.UserNotConfirmedException);
  }
  // MFA, new-password and custom challenges are not part of this product's sign-in.
  throw new IdentityError('UnsupportedSignInStep', AUTH_FLOW_MESSAGES.unexpected, { cause: step });
}

async function signInOnce(email: string, password: string): Promise<void> {
  assertSignedIn(await (await amplifyAccounts()).signIn({ username: email, password }));
}

async function signInOrSignOutFirst(email: string, password: string): Promise<void> {
  try {
    await signInOnce(email, password);
  } catch (error) {
    if (identityErrorCode(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await signOutUser();
    await signInOnce(email, password);
  }
}

/**
 * Signs in with e-mail and password; a session left over from another account is ended first.
 * When the account is not confirmed yet, the credentials are kept so that confirming it (after
 * 'Resend Confirmation Code') can log in automatically.
 */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  try {
    await signInOrSignOutFirst(email, password);
  } catch (error) {
    if (identityErrorCode(error) === 'UserNotConfirmedException') keepCredentials(email, password);
    throw error;
  }
}

export type SignUpOutcome = {
  userId: string | undefined;
  /** The pool confirmed the account at once (no code step). */
  isSignUpComplete: boolean;
  /** Amplify will sign the user in itself (`autoSignIn()`). */
  autoSignInPending: boolean;
};

/** Creates the account (username = e-mail, the email attribute) and keeps the credentials for the automatic login. */
export async function signUpWithEmail(email: string, password: string): Promise<SignUpOutcome> {
  keepCredentials(email, password);
  try {
    const { userId, isSignUpComplete, nextStep } = await (await amplifyAccounts()).signUp({
      username: email,
      password,
      options: { userAttributes: { email }, autoSignIn: true },
    });
    return { userId, isSignUpComplete, autoSignInPending: nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN' };
  } catch (error) {
    forgetCredentials();
    throw error;
  }
}

/** Confirms the account with the e-mailed code; it ends as DONE, or COMPLETE_AUTO_SIGN_IN when auto sign-in is pending. */
export async function confirmSignUpCode(
  email: string,
  code: string,
): Promise<{ autoSignInPending: boolean }> {
  const { nextStep } = await (await amplifyAccounts()).confirmSignUp({
    username: email,
    confirmationCode: code.trim(),
  });
  return { autoSignInPending: nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN' };
}

export type AutomaticSignIn = { signedIn: true } | { signedIn: false; error?: unknown };

/**
 * After a confirmation: Amplify's pending auto sign-in, else a sign-in with the kept credentials.
 * `signedIn: false` without an error means no password was kept (the visitor logs in by hand).
 */
export async function signInAfterConfirmation(
  email: string,
  autoSignInPending: boolean,
): Promise<AutomaticSignIn> {
  const kept = takeCredentials(email);
  let lastError: unknown;
  if (autoSignInPending) {
    try {
      assertSignedIn(await (await amplifyAccounts()).autoSignIn());
      return { signedIn: true };
    } catch (error) {
      lastError = error;
    }
  }
  if (kept) {
    try {
      await signInOnce(kept.email, kept.password);
      return { signedIn: true };
    } catch (error) {
      lastError = error;
    }
  }
  return lastError === undefined ? { signedIn: false } : { signedIn: false, error: lastError };
}

export async function resendConfirmationCode(email: string): Promise<void> {
  await (await amplifyAccounts()).resendSignUpCode({ username: email });
}

/** Sends a password reset code; only success or failure is read. */
export async function requestPasswordReset(email: string): Promise<void> {
  await (await amplifyAccounts()).resetPassword({ username: email });
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await (await amplifyAccounts()).confirmResetPassword({
    username: email,
    confirmationCode: code.trim(),
    newPassword,
  });
}

/**
 * Starts the redirect to the hosted sign-in page of the provider Google; `returnTo` (a path of
 * this app) rides in the OAuth state and is where the app goes once signed in.
 */
export async function signInWithGoogle(returnTo?: string): Promise<void> {
  await (await amplifyAccounts()).signInWithRedirect({
    provider: 'Google',
    ...(returnTo ? { customState: returnTo } : {}),
  });
}

/** The signed-in user (rejects for a guest or unusable tokens). */
export async function getSignedInUser(): Promise<CurrentUser> {
  // A browser that holds no session is a guest: no need to load Amplify to hear it say so.
  if (!mayBeSignedIn()) throw new IdentityError('UserUnAuthenticatedException', 'No user is signed in.');
  // Amplify's answer from its stored tokens while they are good (it loads when they are not).
  const stored = await (await import('./stored-session')).storedSession();
  if (stored)
    return { username: String(stored.claims['cognito:username']), userId: String(stored.claims.sub) };
  const { username, userId } = await (await amplifySession()).getCurrentUser();
  return { username, userId };
}

/** The signed-in user's e-mail from the ID token, or null. */
export async function getSignedInEmail(): Promise<string | null> {
  try {
    const email =
      (await (await import('./stored-session')).storedSession())?.claims.email ??
      (await (await amplifySession()).fetchAuthSession()).tokens?.idToken?.payload.email;
    return typeof email === 'string' ? email : null;
  } catch {
    // No session (or the identity service is unreachable): the caller shows the username instead.
    return null;
  }
}

/**
 * Global sign-out. Never rejects: a failure is swallowed and the local tokens are cleared anyway
 * (spec 8), so the visitor is a guest afterwards in every case. Resolves false when the sign-out
 * did not go through (the other devices' sessions may live on), for the caller's message.
 */
export async function signOutUser(): Promise<boolean> {
  forgetCredentials();
  try {
    await (await amplifyAccounts()).signOut({ global: true });
    return true;
  } catch {
    // Amplify already swallows revocation failures; what is left (e.g. the hosted sign-out) must not
    // keep the tokens alive.
    try {
      const { cognitoUserPoolsTokenProvider } = await amplifyAccounts();
      await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
    } catch {
      // Nothing stored to clear.
    }
    return false;
  }
}
