import type { RuntimeConfig } from '@agentforge/shared';
import { Amplify } from 'aws-amplify';
import { confirmSignUp, fetchAuthSession, signIn, signOut, signUp } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { sharedInMemoryStorage } from 'aws-amplify/utils';
import { TEST_CODE } from './local-stack.js';

export const TEST_PASSWORD = 'correct-horse-1';

/** Points Amplify (in Node, with in-memory token storage) at a local stack's identity service. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sharedInMemoryStorage);
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${++counter}@example.com`;

/** Signs up and confirms a user through Amplify, signs in, and returns the ID token. */
export async function signUpAndSignIn(email = uniqueEmail()): Promise<{ email: string; idToken: string }> {
  await signOut().catch(() => undefined);
  await signUp({ username: email, password: TEST_PASSWORD, options: { userAttributes: { email } } });
  await confirmSignUp({ username: email, confirmationCode: TEST_CODE });
  await signIn({ username: email, password: TEST_PASSWORD });
  const idToken = (await fetchAuthSession()).tokens?.idToken?.toString();
  if (!idToken) throw new Error('signed in without an ID token');
  return { email, idToken };
}
