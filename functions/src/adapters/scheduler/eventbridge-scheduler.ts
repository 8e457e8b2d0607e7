import {
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import type { AutomationRunEvent } from '../../domain/automations/run-event.js';
import {
  type AutomationScheduler,
  type ScheduleSpec,
  scheduleNameOf,
} from '../../domain/automations/schedules.js';

export interface EventBridgeSchedulerConfig {
  region: string;
  /** The stage's schedule group (lib/constructs/automations.ts). */
  groupName: string;
  /** The runner function's ARN: every schedule's target. */
  runnerArn: string;
  /** The role the Scheduler assumes to invoke the runner (lambda:InvokeFunction on it only). */
  roleArn: string;
  /** The SQS queue a schedule's failed invocations go to, after its retries. */
  deadLetterQueueArn: string;
  /** Local stack only: the local Scheduler's URL and credentials. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** A missed run is worth trying for an hour, three times; then it goes to the dead-letter queue. */
export const SCHEDULE_RETRY_POLICY = { MaximumEventAgeInSeconds: 3_600, MaximumRetryAttempts: 3 };

/** The request one schedule is (created or replaced whole: UpdateSchedule takes every field). */
export function scheduleRequest(
  config: EventBridgeSchedulerConfig,
  spec: ScheduleSpec,
): CreateScheduleCommandInput {
  const event: AutomationRunEvent = {
    ownerId: spec.ownerId,
    automationId: spec.automationId,
    source: 'schedule',
  };
  return {
    Name: scheduleNameOf(spec.automationId),
    GroupName: config.groupName,
    ScheduleExpression: spec.expression,
    ScheduleExpressionTimezone: spec.timezone,
    // The user chose the time: run at it, not within a window after it.
    FlexibleTimeWindow: { Mode: 'OFF' },
    State: spec.enabled ? 'ENABLED' : 'DISABLED',
    Description: `Automation ${spec.automationId}`,
    Target: {
      Arn: config.runnerArn,
      RoleArn: config.roleArn,
      Input: JSON.stringify(event),
      DeadLetterConfig: { Arn: config.deadLetterQueueArn },
      RetryPolicy: SCHEDULE_RETRY_POLICY,
    },
  };
}

/** EventBridge Scheduler (@aws-sdk/client-scheduler): one schedule per automation in the stage's group. */
export function createEventBridgeScheduler(config: EventBridgeSchedulerConfig): AutomationScheduler {
  const client = new SchedulerClient({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const create = async (spec: ScheduleSpec) => {
    await client.send(new CreateScheduleCommand(scheduleRequest(config, spec)));
  };
  return {
    create,
    async update(spec) {
      try {
        await client.send(new UpdateScheduleCommand(scheduleRequest(config, spec)));
      } catch (error) {
        // A schedule lost (deleted by hand, or a create that failed earlier): made again.
        if (error instanceof ResourceNotFoundException) await create(spec);
        else throw error;
      }
    },
    async remove(automationId) {
      try {
        await client.send(
          new DeleteScheduleCommand({ Name: scheduleNameOf(automationId), GroupName: config.groupName }),
        );
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}
