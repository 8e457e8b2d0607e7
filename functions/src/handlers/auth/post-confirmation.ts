import middy from '@middy/core';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { teamSso } from '../../composition/team-sso.js';
import { userService } from '../../composition/users.js';
import { isEmailVerifiedClaim } from '../../domain/caller.js';
import { teamIdOfSsoUsername } from '../../domain/teams/sso-names.js';
import { withRequestContext } from '../../logger.js';

/**
 * Cognito post-confirmation trigger: creates the user record as soon as an account is
 * confirmed (GET /user also creates it on first call, so a failure here loses nothing), and joins a
 * person who signed in through a team's single sign-on to that team.
 */
export const handler = middy<PostConfirmationTriggerEvent, PostConfirmationTriggerEvent>()
  .use(withRequestContext())
  .handler(async (event) => {
    if (event.triggerSource === 'PostConfirmation_ConfirmSignUp') {
      const { sub, email, email_verified } = event.request.userAttributes;
      if (sub) {
        await userService().ensureRecord({
          userId: sub,
          email: email ?? '',
          emailVerified: isEmailVerifiedClaim(email_verified),
        });
        // A first sign-in through a team's single sign-on: the person joins that team as a User.
        if (teamIdOfSsoUsername(event.userName))
          await teamSso().joinAfterSignIn({ userId: sub, email: email ?? '', username: event.userName });
      }
    }
    return event;
  });
