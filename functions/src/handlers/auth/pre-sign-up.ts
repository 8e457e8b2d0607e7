import middy from '@middy/core';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { env } from '../../composition/root.js';
import { assertEmailDomainAllowed } from '../../domain/users/email-domains.js';
import { withRequestContext } from '../../logger.js';

/**
 * Cognito pre-sign-up trigger: the stage's `allowedEmailDomains`. Cognito answers a thrown error
 * as UserLambdaValidationException, "PreSignUp failed with error <message>.", which /signup shows
 * as the message. Sign-ups and first Google sign-ins are checked; users an operator creates
 * (AdminCreateUser: the admin CLI) are the operator's choice.
 */
export const handler = middy<PreSignUpTriggerEvent, PreSignUpTriggerEvent>()
  .use(withRequestContext())
  .handler(async (event) => {
    if (event.triggerSource !== 'PreSignUp_AdminCreateUser') {
      assertEmailDomainAllowed(event.request.userAttributes.email ?? '', env.ALLOWED_EMAIL_DOMAINS);
    }
    return event;
  });
