import middy from '@middy/core';
import type { PreAuthenticationTriggerEvent } from 'aws-lambda';
import { ssoRequirement } from '../../composition/sso-requirement.js';
import { assertPasswordSignInAllowed } from '../../domain/teams/sso-enforcement.js';
import { withRequestContext } from '../../logger.js';

/**
 * Cognito pre-authentication trigger: a team that requires single sign-on refuses the password
 * sign-in of an address at its verified domains. The thrown message reaches the app as
 * UserLambdaValidationException, "PreAuthentication failed with error <message>.", and the login
 * page shows the message (it points to 'Sign in with SSO'). Two GetItems of the teams table.
 */
export const handler = middy<PreAuthenticationTriggerEvent, PreAuthenticationTriggerEvent>()
  .use(withRequestContext())
  .handler(async (event) => {
    const requirement = ssoRequirement();
    await assertPasswordSignInAllowed(event.request.userAttributes, (domain) =>
      requirement.domainRequiresSso(domain),
    );
    return event;
  });
