import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeLogDelivery, userAuthEventsOf } from './user-activity-log.js';

const delivery = (messages: string[]) => ({
  awslogs: {
    data: gzipSync(
      JSON.stringify({
        owner: '123456789012',
        logGroup: '/aws/vendedlogs/cognito/dev/user-auth-events',
        logStream: 'us-east-1_Example',
        subscriptionFilters: ['SignInEvents'],
        messageType: 'DATA_MESSAGE',
        logEvents: messages.map((message, i) => ({ id: String(i), timestamp: 1, message })),
      }),
    ).toString('base64'),
  },
});

const line = (message: Record<string, unknown>) =>
  JSON.stringify({ logSourceVersion: '1.0', logLevel: 'INFO', eventSource: 'USER_AUTH_EVENTS', message });

describe('the user activity log', () => {
  it('reads the sign-in events of a subscription delivery', () => {
    const decoded = decodeLogDelivery(
      delivery([
        line({
          eventId: 'e1',
          eventType: 'SignIn',
          eventResponse: 'Fail',
          userName: 'u',
          userSub: 'sub-1',
          ipAddress: '203.0.113.9',
          challenges: 'Password:Failure',
          riskLevel: 'LOW',
          deviceName: 'ignored',
        }),
        line({ eventType: 'SignUp', eventResponse: 'Pass', userName: 'v' }),
      ]),
    );
    expect(userAuthEventsOf(decoded)).toEqual({
      events: [
        {
          eventId: 'e1',
          type: 'SignIn',
          response: 'Fail',
          userSub: 'sub-1',
          ipAddress: '203.0.113.9',
          challenges: 'Password:Failure',
          riskLevel: 'LOW',
        },
        { type: 'SignUp', response: 'Pass' },
      ],
      skipped: 0,
    });
  });

  it('skips lines of another shape: a control message, notification logs, not JSON', () => {
    const decoded = decodeLogDelivery(
      delivery([
        'CWL CONTROL MESSAGE: Checking health of destination Lambda.',
        JSON.stringify({ eventSource: 'USER_NOTIFICATION', message: { eventType: 'SignIn' } }),
        line({ eventType: 'SignIn' }),
      ]),
    );
    expect(userAuthEventsOf(decoded)).toEqual({ events: [], skipped: 3 });
  });
});
