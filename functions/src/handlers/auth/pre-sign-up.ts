import middy from '@middy/core';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { providerLinks } from '../../composition/provider-links.js';
import { env } from '../../composition/root.js';
import { ssoRequirement } from '../../composition/sso-requirement.js';
import { assertProviderSignUpAllowed } from '../../domain/teams/sso-enforcement.js';
import { providerUserToLink } from '../../domain/users/account-linking.js';
import { assertEmailDomainAllowed } from '../../domain/users/email-domains.js';
import { withRequestContext } from '../../logger.js';

/**
 * Cognito pre-sign-up trigger: the stage's `allowedEmailDomains`. Cognito answers a thrown error
 * as UserLambdaValidationException, "PreSignUp failed with error <message>.", which /signup shows
 * as the message. Sign-ups and first federated sign-ins are checked; users an operator creates
 * (AdminCreateUser: the admin CLI) are the operator's choice. A first Google sign-in with the
 * verified e-mail of a password user is linked to that user (one account, either way in); a
 * team's provider is never linked (see account-linking.ts). A first federated sign-in at a domain
 * whose team requires single sign-on must come through that team's provider (sso-enforcement.ts).
 */
export const handler = middy<PreSignUpTriggerEvent, PreSignUpTriggerEvent>()
  .use(withRequestContext())
  .handler(async (event) => {
    const { email, email_verified: emailVerified } = event.request.userAttributes;
    if (event.triggerSource !== 'PreSignUp_AdminCreateUser') {
      assertEmailDomainAllowed(email ?? '', env.ALLOWED_EMAIL_DOMAINS);
    }
    if (event.triggerSource === 'PreSignUp_ExternalProvider') {
      // A first Google sign-in at a domain whose team requires single sign-on: refused (a team
      // provider's own sign-in reads nothing).
      await assertProviderSignUpAllowed(event.userName, email, (domain) =>
        ssoRequirement().domainRequiresSso(domain),
      );
    }
    const source = providerUserToLink({
      triggerSource: event.triggerSource,
      userName: event.userName,
      email,
      emailVerified,
    });
    if (source && email) await providerLinks().linkToPasswordUser(event.userPoolId, email, source);
    return event;
  });
