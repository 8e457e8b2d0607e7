import { AUTH_MESSAGES } from '@agentforge/shared';
import { emailDomain } from './sso-names.js';

/** The pre-authentication trigger's refusal: Cognito answers it as UserLambdaValidationException. */
export class SsoRequiredError extends Error {
  constructor() {
    super(AUTH_MESSAGES.ssoRequired);
    this.name = 'SsoRequiredError';
  }
}

/**
 * A sign-in by password (or SRP) of a user whose e-mail is at a verified domain of a team that
 * requires single sign-on is refused. A provider's own user (`cognito:user_status`
 * EXTERNAL_PROVIDER, i.e. `<Provider>_<sub>`) signs in only through its provider, so it passes.
 */
export async function assertPasswordSignInAllowed(
  userAttributes: Readonly<Record<string, string | undefined>>,
  domainRequiresSso: (domain: string) => Promise<boolean>,
): Promise<void> {
  if (userAttributes['cognito:user_status'] === 'EXTERNAL_PROVIDER') return;
  if (await domainRequiresSso(emailDomain(userAttributes.email ?? ''))) throw new SsoRequiredError();
}
