import middy from '@middy/core';
import type { CloudWatchLogsEvent } from 'aws-lambda';
import { decodeLogDelivery, userAuthEventsOf } from '../../adapters/cognito/user-activity-log.js';
import { auditRecorder } from '../../composition/audit.js';
import { UNKNOWN_CLIENT, userScope } from '../../domain/audit/audit.js';
import { logger, withRequestContext } from '../../logger.js';

/** Who reports a failed sign-in: the attempt is nobody's we can name, the user pool saw it. */
export const COGNITO_ACTOR = 'system:cognito';

/**
 * Failed sign-ins in the user's audit log. Cognito has no trigger for a failed authentication;
 * its threat protection exports every authentication event to a log group whose subscription
 * filter calls this function (locally the identity service delivers the same log lines). Only a
 * failed sign-in of a known user is recorded: successes come from the post-authentication trigger,
 * and an unknown user name has no log to write to.
 */
export const handler = middy<CloudWatchLogsEvent, void>()
  .use(withRequestContext())
  .handler(async (event) => {
    const { events, skipped } = userAuthEventsOf(decodeLogDelivery(event));
    if (skipped > 0) logger.warn('Log lines that are not user activity events skipped', { skipped });
    for (const authEvent of events) {
      if (authEvent.type !== 'SignIn' || authEvent.response !== 'Fail' || !authEvent.userSub) continue;
      await auditRecorder().record({
        scope: userScope(authEvent.userSub),
        actor: COGNITO_ACTOR,
        action: 'auth.sign_in_failed',
        target: `user:${authEvent.userSub}`,
        outcome: 'failure',
        client: {
          sourceIp: authEvent.ipAddress ?? UNKNOWN_CLIENT.sourceIp,
          userAgent: authEvent.userAgent ?? UNKNOWN_CLIENT.userAgent,
        },
        details: {
          ...(authEvent.eventId ? { eventId: authEvent.eventId } : {}),
          ...(authEvent.challenges ? { challenges: authEvent.challenges } : {}),
          ...(authEvent.riskLevel ? { riskLevel: authEvent.riskLevel } : {}),
        },
      });
    }
  });
