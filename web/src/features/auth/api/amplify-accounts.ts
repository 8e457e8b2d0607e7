/**
 * Amplify's account flows the app calls (sign-in, the identity provider's redirect, sign-up,
 * confirmation, password reset, sign-out), loaded lazily (through `identity-loader.ts`) when one is
 * used: a signed-in page's first paint needs only `amplify-session.ts`. Importing it also enables
 * Amplify's completion of a sign-in with the identity provider when the browser returns with a code.
 */
export {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
} from 'aws-amplify/auth';
export { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
