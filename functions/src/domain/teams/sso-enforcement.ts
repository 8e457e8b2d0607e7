import { AUTH_MESSAGES } from '@agentforge/shared';
import { emailDomain, SSO_PROVIDER_PREFIX } from './sso-names.js';

/** The pre-authentication trigger's refusal: Cognito answers it as UserLambdaValidationException. */
export class SsoRequiredError extends Error {
  constructor() {
    super(AUTH_MESSAGES.ssoRequired);
    this.name = 'SsoRequiredError';
  }
}

/**
 * A sign-in at an address whose verified domain's team requires single sign-on is refused unless
 * it comes through a team's provider: its own user (`team-<id>_<sub>`, `cognito:user_status`
 * EXTERNAL_PROVIDER) signs in only through that provider. A password user is refused, and so is a
 * Google user (its own, or a password user linked to Google: Cognito runs pre-authentication on a
 * returning federated sign-in as the user it signs in as), or Google would be a way around it.
 */
export async function assertSignInAllowed(
  userName: string,
  userAttributes: Readonly<Record<string, string | undefined>>,
  domainRequiresSso: (domain: string) => Promise<boolean>,
): Promise<void> {
  if (userAttributes['cognito:user_status'] === 'EXTERNAL_PROVIDER' && isTeamProviderUser(userName)) return;
  if (await domainRequiresSso(emailDomain(userAttributes.email ?? ''))) throw new SsoRequiredError();
}

/**
 * A first federated sign-in (the pre-sign-up trigger's `PreSignUp_ExternalProvider`) at such an
 * address is refused unless it comes through a team's provider: else a first Google sign-in would
 * get in once (pre-authentication runs on returning sign-ins only).
 */
export async function assertProviderSignUpAllowed(
  userName: string,
  email: string | undefined,
  domainRequiresSso: (domain: string) => Promise<boolean>,
): Promise<void> {
  if (isTeamProviderUser(userName)) return;
  if (await domainRequiresSso(emailDomain(email ?? ''))) throw new SsoRequiredError();
}

const isTeamProviderUser = (userName: string) => userName.startsWith(SSO_PROVIDER_PREFIX);
