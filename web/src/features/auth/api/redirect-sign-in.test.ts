import { AUTH_FLOW_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import {
  recordRedirectEvent,
  redirectFailureMessage,
  returnPath,
  takeRedirectTarget,
} from './redirect-sign-in';

/** The errors Amplify v6's OAuth completion raises (completeOAuthFlow, validateState), as its Hub reports them. */
const amplifyError = (message: string) => Object.assign(new Error(message), { name: 'OAuthSignInException' });

describe('the texts of a failed return from the hosted sign-in page', () => {
  it('says the visitor cancelled: a return without code or state, or Cognito’s access_denied', () => {
    expect(redirectFailureMessage(amplifyError('User cancelled OAuth flow.'))).toBe(
      AUTH_FLOW_MESSAGES.oauthCancelled,
    );
    expect(redirectFailureMessage(amplifyError('`signInWithRedirect` has been canceled.'))).toBe(
      AUTH_FLOW_MESSAGES.oauthCancelled,
    );
    expect(redirectFailureMessage(amplifyError('access_denied'))).toBe('User cancelled OAuth flow');
  });

  it('says the state did not validate', () => {
    expect(redirectFailureMessage(amplifyError('An error occurred while validating the state.'))).toBe(
      'An error occurred while validating the state',
    );
  });

  it('says federated sign-in failed for anything else', () => {
    expect(redirectFailureMessage(amplifyError('invalid_grant'))).toBe('Federated sign-in failed');
    expect(redirectFailureMessage(undefined)).toBe('Federated sign-in failed');
  });
});

describe('the path to return to after the hosted sign-in', () => {
  it('keeps a path of this app and refuses another origin', () => {
    expect(returnPath('/home/c/abc?x=1#m')).toBe('/home/c/abc?x=1#m');
    expect(returnPath('//evil.example/home')).toBeUndefined();
    expect(returnPath('/\\evil.example')).toBeUndefined();
    expect(returnPath('https://evil.example/')).toBeUndefined();
    expect(returnPath(42)).toBeUndefined();
  });
});

describe('where the site root sends a visitor back from the hosted sign-in', () => {
  it('is the saved path once signed in, /login after a failure, once', () => {
    recordRedirectEvent('customOAuthState', '/workspace');
    expect(takeRedirectTarget(true)).toBe('/workspace');
    expect(takeRedirectTarget(true)).toBeUndefined();
    recordRedirectEvent('customOAuthState', '//evil.example');
    expect(takeRedirectTarget(true)).toBeUndefined();
    recordRedirectEvent('signInWithRedirect_failure', { error: new Error('access_denied') });
    expect(takeRedirectTarget(false)).toBe('/login');
    expect(takeRedirectTarget(false)).toBeUndefined();
  });
});
