import middy from '@middy/core';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { auditRecorder } from '../../composition/audit.js';
import { UNKNOWN_CLIENT, userScope } from '../../domain/audit/audit.js';
import { withRequestContext } from '../../logger.js';

/**
 * Cognito post-authentication trigger: a sign-in in the user's audit log. It never fails the
 * sign-in (the recorder does not throw: a record it cannot write is logged and counted). The
 * event carries no source IP or user agent, so those read 'unknown'. Failed sign-ins have no
 * trigger (docs/decisions/audit.md, "Audit log").
 */
export const handler = middy<PostAuthenticationTriggerEvent, PostAuthenticationTriggerEvent>()
  .use(withRequestContext())
  .handler(async (event) => {
    const sub = event.request.userAttributes.sub;
    if (sub && event.triggerSource === 'PostAuthentication_Authentication') {
      await auditRecorder().record({
        scope: userScope(sub),
        actor: sub,
        action: 'auth.sign_in',
        target: `user:${sub}`,
        outcome: 'success',
        client: UNKNOWN_CLIENT,
        details: {
          ...(event.callerContext?.clientId ? { clientId: event.callerContext.clientId } : {}),
          ...(event.request.newDeviceUsed === undefined ? {} : { newDevice: event.request.newDeviceUsed }),
        },
      });
    }
    return event;
  });
