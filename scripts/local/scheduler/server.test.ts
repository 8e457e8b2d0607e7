import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBridgeScheduler } from '../../../functions/src/adapters/scheduler/eventbridge-scheduler.js';
import { type LocalScheduler, startLocalScheduler } from './server.js';

const credentials = { accessKeyId: 'LOCALTEST', secretAccessKey: 'the-local-scheduler-secret' };
const GROUP = 'local-automations';
const RUNNER = 'arn:aws:lambda:us-east-1:000000000000:function:local-automations-runner';
let dataDir: string;
let scheduler: LocalScheduler;
const invoked: { arn: string; input: unknown }[] = [];

const config = () => ({
  region: 'us-east-1',
  groupName: GROUP,
  runnerArn: RUNNER,
  roleArn: 'arn:aws:iam::000000000000:role/local-scheduler',
  deadLetterQueueArn: 'arn:aws:sqs:us-east-1:000000000000:local-automations-dlq',
  endpoint: scheduler.endpoint,
  credentials,
});
const client = () => new SchedulerClient({ region: 'us-east-1', endpoint: scheduler.endpoint, credentials });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'agentforge-scheduler-'));
  scheduler = await startLocalScheduler({
    port: 0,
    dataDir,
    credentials,
    groups: [GROUP],
    tickMs: 0,
    invoke: async (arn, input) => {
      invoked.push({ arn, input: JSON.parse(input) });
    },
  });
});
afterAll(async () => {
  await scheduler?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the local Scheduler, through @aws-sdk/client-scheduler', () => {
  it('creates, reads, updates, lists and deletes a schedule as the adapter sends it', async () => {
    const adapter = createEventBridgeScheduler(config());
    const spec = {
      ownerId: 'user-1',
      automationId: '01JTESTAUTOMATION0000000001',
      expression: 'cron(0 9 ? * MON-FRI *)',
      timezone: 'Europe/Paris',
      enabled: true,
    };
    await adapter.create(spec);
    const name = 'automation-01JTESTAUTOMATION0000000001';
    const got = await client().send(new GetScheduleCommand({ Name: name, GroupName: GROUP }));
    expect(got).toMatchObject({
      Name: name,
      GroupName: GROUP,
      ScheduleExpression: 'cron(0 9 ? * MON-FRI *)',
      ScheduleExpressionTimezone: 'Europe/Paris',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: RUNNER,
        Input: JSON.stringify({ ownerId: 'user-1', automationId: spec.automationId, source: 'schedule' }),
        DeadLetterConfig: { Arn: config().deadLetterQueueArn },
        RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 3 },
      },
    });
    expect(got.CreationDate).toBeInstanceOf(Date);

    await adapter.update({ ...spec, expression: 'rate(2 hours)', enabled: false });
    const updated = await client().send(new GetScheduleCommand({ Name: name, GroupName: GROUP }));
    expect(updated).toMatchObject({ ScheduleExpression: 'rate(2 hours)', State: 'DISABLED' });

    const listed = await client().send(
      new ListSchedulesCommand({ GroupName: GROUP, NamePrefix: 'automation-' }),
    );
    expect(listed.Schedules?.map((s) => [s.Name, s.State, s.Target?.Arn])).toEqual([
      [name, 'DISABLED', RUNNER],
    ]);

    await adapter.remove(spec.automationId);
    await expect(
      client().send(new GetScheduleCommand({ Name: name, GroupName: GROUP })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    // Deleting what is gone is no error for the adapter, and ResourceNotFound for the API.
    await adapter.remove(spec.automationId);
    await expect(
      client().send(new DeleteScheduleCommand({ Name: name, GroupName: GROUP })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    // An update of a lost schedule makes it again.
    await adapter.update(spec);
    expect((await client().send(new GetScheduleCommand({ Name: name, GroupName: GROUP }))).State).toBe(
      'ENABLED',
    );
    await adapter.remove(spec.automationId);
  });

  it('refuses a bad signature, an unknown group and an invalid expression as the Scheduler does', async () => {
    const wrong = new SchedulerClient({
      region: 'us-east-1',
      endpoint: scheduler.endpoint,
      credentials: { accessKeyId: 'LOCALTEST', secretAccessKey: 'not-the-secret' },
    });
    await expect(wrong.send(new ListSchedulesCommand({}))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const elsewhere = createEventBridgeScheduler({ ...config(), groupName: 'no-such-group' });
    const spec = {
      ownerId: 'u',
      automationId: 'A1',
      expression: 'rate(5 minutes)',
      timezone: 'UTC',
      enabled: true,
    };
    await expect(elsewhere.create(spec)).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(
      createEventBridgeScheduler(config()).create({ ...spec, expression: 'every(5 minutes)' }),
    ).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(createEventBridgeScheduler(config()).create(spec)).resolves.toBeUndefined();
    await expect(createEventBridgeScheduler(config()).create(spec)).rejects.toMatchObject({
      name: 'ConflictException',
    });
    await createEventBridgeScheduler(config()).remove('A1');
  });

  it('fires an enabled rate(1 minute) schedule at its time with its Input, and a disabled one never', async () => {
    const adapter = createEventBridgeScheduler(config());
    const base = { ownerId: 'team#t1', expression: 'rate(1 minute)', timezone: 'America/New_York' };
    await adapter.create({ ...base, automationId: 'ON', enabled: true });
    await adapter.create({ ...base, automationId: 'OFF', enabled: false });
    invoked.length = 0;
    expect(await scheduler.fireDue(Date.now() + 30_000)).toBe(0);
    expect(await scheduler.fireDue(Date.now() + 61_000)).toBe(1);
    expect(invoked).toEqual([
      { arn: RUNNER, input: { ownerId: 'team#t1', automationId: 'ON', source: 'schedule' } },
    ]);
    // Once per time: the next is a minute after the firing.
    expect(await scheduler.fireDue(Date.now() + 62_000)).toBe(0);
    expect(await scheduler.fireDue(Date.now() + 122_000)).toBe(1);
    await adapter.remove('ON');
    await adapter.remove('OFF');
    expect(await scheduler.fireDue(Date.now() + 600_000)).toBe(0);
  });
});
