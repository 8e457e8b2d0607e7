/**
 * The Amplify APIs the app calls, in one module that is only ever imported lazily (through
 * `identity-loader.ts`), so pages that need no identity (the landing page of a guest) do not load it.
 */
export * as auth from 'aws-amplify/auth';
export { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
export { Hub } from 'aws-amplify/utils';
