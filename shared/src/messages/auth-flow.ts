/**
 * The session's and the redirect sign-in's failures, which every page's auth code may report (in
 * the entry); the sign-in forms' texts (AUTH_MESSAGES) load with the forms.
 */
export const AUTH_FLOW_MESSAGES = {
  federatedSignInFailed: 'Federated sign-in failed',
  noResponse: 'No response from server. Please check your connection.',
  unexpected: 'An unexpected error occurred.',
  signOutFailed: 'Failed to sign out',
  oauthCancelled: 'User cancelled OAuth flow',
  oauthStateInvalid: 'An error occurred while validating the state',
  /** Not worded by the spec: why 'Google login failed' on a stage without a hosted sign-in domain. */
  socialSignInNotConfigured: 'Social sign-in is not configured on this stage.',
} as const;
