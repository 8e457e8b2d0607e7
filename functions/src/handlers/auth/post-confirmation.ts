import middy from '@middy/core';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { userService } from '../../composition/users.js';
import { isEmailVerifiedClaim } from '../../domain/caller.js';
import { withRequestContext } from '../../logger.js';

/**
 * Cognito post-confirmation trigger: creates the user record as soon as an account is
 * confirmed (GET /user also creates it on first call, so a failure here loses nothing).
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
      }
    }
    return event;
  });
