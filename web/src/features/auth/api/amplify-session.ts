/**
 * Amplify's session calls: the signed-in user and the tokens (refreshed when due), all a signed-in
 * page needs first. Only ever imported lazily (through `identity-loader.ts`, which also imports
 * Amplify's Hub); the sign-in, sign-up, reset and sign-out flows are `amplify-accounts.ts`, loaded
 * when one of them is used.
 */
export { fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
