import { describe, expect, it } from 'vitest';
import { scheduleRequest } from './eventbridge-scheduler.js';

const config = {
  region: 'eu-west-1',
  groupName: 'agentforge-prod-automations',
  runnerArn: 'arn:aws:lambda:eu-west-1:123456789012:function:runner',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler',
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:dlq',
};

describe('the EventBridge Scheduler request of an automation', () => {
  it('targets the runner with the run event, at the exact time, in the time zone, with a DLQ and retries', () => {
    const request = scheduleRequest(config, {
      ownerId: 'team#t1',
      automationId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
      expression: 'cron(0 9 ? * MON-FRI *)',
      timezone: 'Europe/Paris',
      enabled: true,
    });
    expect(request).toEqual({
      Name: 'automation-01JABCDEFGHJKMNPQRSTVWXYZ0',
      GroupName: 'agentforge-prod-automations',
      ScheduleExpression: 'cron(0 9 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'Europe/Paris',
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
      Description: 'Automation 01JABCDEFGHJKMNPQRSTVWXYZ0',
      Target: {
        Arn: config.runnerArn,
        RoleArn: config.roleArn,
        Input: '{"ownerId":"team#t1","automationId":"01JABCDEFGHJKMNPQRSTVWXYZ0","source":"schedule"}',
        DeadLetterConfig: { Arn: config.deadLetterQueueArn },
        RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 3 },
      },
    });
    expect(request.Name?.length).toBeLessThanOrEqual(64);
  });

  it('keeps a paused automation’s schedule, disabled', () => {
    const request = scheduleRequest(config, {
      ownerId: 'u1',
      automationId: 'A',
      expression: 'rate(1 hour)',
      timezone: 'UTC',
      enabled: false,
    });
    expect(request.State).toBe('DISABLED');
  });
});
