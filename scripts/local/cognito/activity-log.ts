import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent } from 'aws-lambda';
import type { User } from 'cognito-local/lib/services/userPoolService';
import type { RequestClient } from '../../../functions/src/http/client.js';

/** A password sign-in: whose, through which client, and from where (the caller of Cognito's API). */
export interface PasswordAttempt {
  user: User;
  userPoolId: string;
  clientId: string;
  client: RequestClient;
}

export type SignInAttempt = PasswordAttempt & { response: 'Pass' | 'Fail' };

/** The user pool's user activity log: what threat protection exports on AWS. */
export interface UserActivityLog {
  signIn(attempt: SignInAttempt): void;
  /** Waits for the deliveries under way (the stack's stop). */
  drain(): Promise<void>;
}

const LOG_GROUP = '/aws/vendedlogs/cognito/local/user-auth-events';

/**
 * Writes each sign-in as the line Cognito exports (`userAuthEvents`) and hands it to `deliver` the
 * way a CloudWatch Logs subscription filter does: gzipped and base64-encoded, after the answer
 * (delivery is asynchronous on AWS too, and never fails the sign-in).
 */
export function createUserActivityLog(options: {
  deliver: (event: CloudWatchLogsEvent) => Promise<unknown>;
  log: (message: string) => void;
}): UserActivityLog {
  let pending: Promise<void> = Promise.resolve();
  return {
    signIn(attempt) {
      const timestamp = Date.now();
      const line = {
        logSourceVersion: '1.0',
        logLevel: 'INFO',
        eventSource: 'USER_AUTH_EVENTS',
        eventTimestamp: timestamp,
        message: {
          version: '1',
          eventId: randomUUID(),
          eventType: 'SignIn',
          eventResponse: attempt.response,
          userName: attempt.user.Username,
          userSub: attempt.user.Attributes.find((a) => a.Name === 'sub')?.Value,
          userPoolId: attempt.userPoolId,
          clientId: attempt.clientId,
          ipAddress: attempt.client.sourceIp,
          userAgent: attempt.client.userAgent,
          challenges: `Password:${attempt.response === 'Pass' ? 'Success' : 'Failure'}`,
        },
      };
      const delivery: CloudWatchLogsDecodedData = {
        owner: '000000000000',
        logGroup: LOG_GROUP,
        logStream: attempt.userPoolId,
        subscriptionFilters: ['local'],
        messageType: 'DATA_MESSAGE',
        logEvents: [{ id: randomUUID(), timestamp, message: JSON.stringify(line) }],
      };
      const data = gzipSync(JSON.stringify(delivery)).toString('base64');
      pending = pending
        .then(() => options.deliver({ awslogs: { data } }))
        .then(
          () => undefined,
          (error: unknown) => options.log(`User activity log delivery failed: ${String(error)}`),
        );
    },
    drain: () => pending,
  };
}
