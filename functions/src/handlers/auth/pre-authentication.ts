import middy from '@middy/core';
import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import { ssoRequirement } from '../../composition/sso-requirement.js';
import { assertSignInAllowed } from '../../domain/teams/sso-enforcement.js';
import { withRequestContext } from '../../logger.js';

/**
 * Cognito pre-authentication trigger: a team that requires single sign-on refuses every sign-in of
 * an address at its verified domains but its provider's (a password's, a returning Google one's). The thrown message reaches the app as
 * UserLambdaValidationException, "PreAuthentication failed with error <message>.", and the login
 * page shows the message (it points to 'Sign in with SSO'). Two GetItems of the teams table.
 */
export const handler = middy<PreAuthenticationTriggerEvent, PreAuthenticationTriggerEvent>()
  .use(withRequestContext())
  .handler(async (event) => {
    const requirement = ssoRequirement();
    await assertSignInAllowed(event.userName, event.request.userAttributes, (domain) =>
      requirement.domainRequiresSso(domain),
    );
    return event;
  });
