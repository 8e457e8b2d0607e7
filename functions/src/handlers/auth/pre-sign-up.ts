import middy from '@middy/core';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { providerLinks } from '../../composition/provider-links.js';
import { env } from '../../composition/root.js';
import { assertEmailDomainAllowed } from '../../domain/users/email-domains.js';
import { withRequestContext } from '../../logger.js';

/** `Google_<sub>` (Cognito names a provider's user after the provider; some pools spell it `google_`). */
function providerUserOf(userName: string) {
  const separator = userName.indexOf('_');
  const prefix = userName.slice(0, separator);
  return {
    providerName: prefix.toLowerCase() === 'google' ? 'Google' : prefix,
    sub: userName.slice(separator + 1),
  };
}

/**
 * Cognito pre-sign-up trigger: the stage's `allowedEmailDomains`. Cognito answers a thrown error
 * as UserLambdaValidationException, "PreSignUp failed with error <message>.", which /signup shows
 * as the message. Sign-ups and first Google sign-ins are checked; users an operator creates
 * (AdminCreateUser: the admin CLI) are the operator's choice. A first Google sign-in with the
 * verified e-mail of a password user is linked to that user (one account, either way in).
 */
export const handler = middy<PreSignUpTriggerEvent, PreSignUpTriggerEvent>()
  .use(withRequestContext())
  .handler(async (event) => {
    if (event.triggerSource !== 'PreSignUp_AdminCreateUser') {
      assertEmailDomainAllowed(event.request.userAttributes.email ?? '', env.ALLOWED_EMAIL_DOMAINS);
    }
    const { email, email_verified: verified } = event.request.userAttributes;
    if (event.triggerSource === 'PreSignUp_ExternalProvider' && email && verified === 'true') {
      await providerLinks().linkToPasswordUser(event.userPoolId, email, providerUserOf(event.userName));
    }
    return event;
  });
