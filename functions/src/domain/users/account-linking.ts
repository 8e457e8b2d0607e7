/** What the pre-sign-up trigger knows of a sign-up: its source, Cognito's username, the attributes. */
interface SignUpAttempt {
  triggerSource: string;
  userName: string;
  email?: string | undefined;
  emailVerified?: string | undefined;
}

/**
 * The provider's user a first federated sign-in links to the password user of its address (one
 * account, either way in), if any: a Google user (`Google_<sub>`; some pools spell it `google_`)
 * with a verified e-mail, nothing else. A team's provider (`team-<id>`) is never linked: whoever
 * signs in through it is that provider's own user, joined to the team through `/sso/join`, so a
 * team that requires single sign-on refuses the password account without locking that person out
 * of the provider too (Cognito runs pre-authentication on a returning federated sign-in, with the
 * user it signs in as). See docs/decisions/sign-in.md.
 */
export function providerUserToLink(
  attempt: SignUpAttempt,
): { providerName: 'Google'; sub: string } | undefined {
  if (attempt.triggerSource !== 'PreSignUp_ExternalProvider') return undefined;
  if (!attempt.email || attempt.emailVerified !== 'true') return undefined;
  const separator = attempt.userName.indexOf('_');
  if (attempt.userName.slice(0, separator).toLowerCase() !== 'google') return undefined;
  return { providerName: 'Google', sub: attempt.userName.slice(separator + 1) };
}
