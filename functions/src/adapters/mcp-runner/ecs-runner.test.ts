import {
  DescribeTasksCommand,
  ECSClient,
  RunTaskCommand,
  StopTaskCommand,
  type Task,
} from '@aws-sdk/client-ecs';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RunnerStartRequest } from '../../domain/mcp/server-runner.js';
import { createEcsRunner, envFileContent, RunnerStartError, taskStatus } from './ecs-runner.js';
import { parseEcsRunnerConfig } from './ecs-runner-config.js';

const ecs = mockClient(ECSClient);
const s3 = mockClient(S3Client);

beforeEach(() => {
  ecs.reset();
  s3.reset();
});

const config = {
  clusterArn: 'arn:aws:ecs:us-east-1:123456789012:cluster/mcp',
  taskDefinitionArn: 'arn:aws:ecs:us-east-1:123456789012:task-definition/runner:3',
  containerName: 'bridge',
  subnetIds: ['subnet-a', 'subnet-b'],
  securityGroupId: 'sg-task',
  envBucket: 'env-bucket',
};
const taskArn = 'arn:aws:ecs:us-east-1:123456789012:task/mcp/0123456789abcdef';
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

const request: RunnerStartRequest = {
  serverId: 'srv_01',
  userId: 'user-1',
  packageName: '@modelcontextprotocol/server-everything@2026.8.31',
  environment: { API_KEY: 'sk-very-secret', MULTI: 'line one\nline two' },
  idleTimeoutMinutes: 15,
  bridgeToken: 'bridge-token-secret',
};

const runner = () =>
  createEcsRunner({
    ecs: new ECSClient({ region: 'us-east-1' }),
    s3: new S3Client({ region: 'us-east-1' }),
    config,
    now: () => NOW,
  });

const envFileArnOf = (key: string) => `arn:aws:s3:::env-bucket/${key}`;

describe('the ECS runner: start', () => {
  it('writes the secrets to an S3 env file and runs one Fargate task that reads it', async () => {
    s3.on(PutObjectCommand).resolves({});
    ecs.on(RunTaskCommand).resolves({ tasks: [{ taskArn }], failures: [] });

    expect(await runner().start(request)).toEqual({ runId: taskArn });

    const put = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(put?.Bucket).toBe('env-bucket');
    expect(put?.Key).toMatch(/^srv_01\/[0-9a-f-]{36}\.env$/);
    expect(put?.ServerSideEncryption).toBe('AES256');
    const lines = String(put?.Body).trimEnd().split('\n');
    expect(lines).toEqual([
      'BRIDGE_TOKEN=bridge-token-secret',
      `SERVER_ENV_JSON=${JSON.stringify(request.environment)}`,
    ]);
    expect(JSON.parse(lines[1]?.slice('SERVER_ENV_JSON='.length) ?? '')).toEqual(request.environment);

    const run = ecs.commandCalls(RunTaskCommand)[0]?.args[0].input;
    expect(run).toEqual({
      cluster: config.clusterArn,
      taskDefinition: config.taskDefinitionArn,
      launchType: 'FARGATE',
      count: 1,
      networkConfiguration: {
        awsvpcConfiguration: {
          subnets: ['subnet-a', 'subnet-b'],
          securityGroups: ['sg-task'],
          assignPublicIp: 'ENABLED',
        },
      },
      overrides: {
        containerOverrides: [
          {
            name: 'bridge',
            environment: [
              { name: 'PACKAGE', value: request.packageName },
              { name: 'IDLE_TIMEOUT_MS', value: '900000' },
              { name: 'SERVER_ID', value: 'srv_01' },
            ],
            environmentFiles: [{ type: 's3', value: envFileArnOf(put?.Key as string) }],
          },
        ],
      },
      tags: [
        { key: 'serverId', value: 'srv_01' },
        { key: 'userId', value: 'user-1' },
      ],
      propagateTags: 'TASK_DEFINITION',
      enableECSManagedTags: true,
    });
  });

  it('never puts a secret in the RunTask input (DescribeTasks shows overrides)', async () => {
    s3.on(PutObjectCommand).resolves({});
    ecs.on(RunTaskCommand).resolves({ tasks: [{ taskArn }] });

    await runner().start(request);

    const run = JSON.stringify(ecs.commandCalls(RunTaskCommand)[0]?.args[0].input);
    for (const secret of ['bridge-token-secret', 'sk-very-secret', 'BRIDGE_TOKEN', 'SERVER_ENV_JSON']) {
      expect(run).not.toContain(secret);
    }
  });

  it('writes the env file before starting the task', async () => {
    const order: string[] = [];
    s3.on(PutObjectCommand).callsFake(() => order.push('put'));
    ecs.on(RunTaskCommand).callsFake(() => {
      order.push('run');
      return { tasks: [{ taskArn }] };
    });

    await runner().start(request);

    expect(order).toEqual(['put', 'run']);
  });

  it('deletes the env file and fails with a RunnerStartError when ECS starts no task', async () => {
    s3.on(PutObjectCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});
    ecs.on(RunTaskCommand).resolves({ tasks: [], failures: [{ reason: 'RESOURCE:ENI' }] });

    const error = await runner()
      .start(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RunnerStartError);
    expect((error as RunnerStartError).code).toBe('UPSTREAM_ERROR');
    expect((error as Error).message).toMatch(/no capacity/);
    const putKey = s3.commandCalls(PutObjectCommand)[0]?.args[0].input.Key;
    expect(s3.commandCalls(DeleteObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'env-bucket',
      Key: putKey,
    });
  });

  it('deletes the env file and keeps the cause when RunTask throws', async () => {
    s3.on(PutObjectCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});
    const denied = Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' });
    ecs.on(RunTaskCommand).rejects(denied);

    const error = await runner()
      .start(request)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RunnerStartError);
    expect((error as Error).cause).toBe(denied);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(1);
  });

  it('starts nothing when the env file cannot be written', async () => {
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));

    await expect(runner().start(request)).rejects.toThrow('AccessDenied');
    expect(ecs.commandCalls(RunTaskCommand)).toHaveLength(0);
  });

  it('refuses a bridge token spanning lines and an unexpected server id', async () => {
    expect(() => envFileContent({ bridgeToken: 'a\nBRIDGE_TOKEN=b', environment: {} })).toThrow();
    await expect(runner().start({ ...request, serverId: '../other' })).rejects.toThrow(/server id/);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });
});

const eni = (ip: string) => ({
  type: 'ElasticNetworkInterface',
  details: [
    { name: 'subnetId', value: 'subnet-a' },
    { name: 'privateIPv4Address', value: ip },
  ],
});

const task = (overrides: Partial<Task>): Task => ({
  taskArn,
  lastStatus: 'RUNNING',
  desiredStatus: 'RUNNING',
  attachments: [eni('10.0.1.23')],
  containers: [{ name: 'bridge', lastStatus: 'RUNNING', healthStatus: 'UNKNOWN' }],
  startedAt: new Date(NOW - 30_000),
  ...overrides,
});

describe('the ECS runner: describe', () => {
  it.each([
    ['PROVISIONING', 'pending'],
    ['PENDING', 'pending'],
    ['ACTIVATING', 'pending'],
    ['RUNNING', 'running'],
    ['DEACTIVATING', 'stopping'],
    ['STOPPING', 'stopping'],
    ['DEPROVISIONING', 'stopping'],
    ['STOPPED', 'stopped'],
  ])('maps lastStatus %s to phase %s', (lastStatus, phase) => {
    expect(taskStatus(task({ lastStatus }), 'bridge', NOW, 120_000).phase).toBe(phase);
  });

  it.each([
    ['HEALTHY', 30_000, 'running'],
    ['UNHEALTHY', 30_000, 'error'],
    ['UNKNOWN', 30_000, undefined],
    ['UNKNOWN', 121_000, 'stale'],
    [undefined, 121_000, 'stale'],
  ] as const)('maps container health %s after %i ms running to %s', (healthStatus, runningFor, health) => {
    const status = taskStatus(
      task({
        containers: [{ name: 'bridge', healthStatus }],
        startedAt: new Date(NOW - runningFor),
      }),
      'bridge',
      NOW,
      120_000,
    );
    expect(status.health).toBe(health);
  });

  it('uses the task health when the container reports none', () => {
    const status = taskStatus(
      task({ containers: [{ name: 'bridge' }], healthStatus: 'HEALTHY' }),
      'bridge',
      NOW,
      1,
    );
    expect(status.health).toBe('running');
  });

  it('reports no health before the task runs', () => {
    const status = taskStatus(
      task({ lastStatus: 'PENDING', startedAt: undefined, createdAt: new Date(NOW - 600_000) }),
      'bridge',
      NOW,
      1,
    );
    expect(status).toEqual({ phase: 'pending', endpoint: 'http://10.0.1.23:8080' });
  });

  it('answers the endpoint on the ENI private IP, start time and health of a running task', async () => {
    ecs.on(DescribeTasksCommand).resolves({
      tasks: [task({ containers: [{ name: 'bridge', healthStatus: 'HEALTHY' }] })],
    });

    expect(await runner().describe(taskArn)).toEqual({
      phase: 'running',
      endpoint: 'http://10.0.1.23:8080',
      health: 'running',
      startedAt: NOW - 30_000,
    });
    expect(ecs.commandCalls(DescribeTasksCommand)[0]?.args[0].input).toEqual({
      cluster: config.clusterArn,
      tasks: [taskArn],
    });
  });

  it("falls back to the container's network interface for the IP", () => {
    const status = taskStatus(
      task({
        attachments: [],
        containers: [{ name: 'bridge', networkInterfaces: [{ privateIpv4Address: '10.0.0.9' }] }],
      }),
      'bridge',
      NOW,
      120_000,
    );
    expect(status.endpoint).toBe('http://10.0.0.9:8080');
  });

  it('says an unhealthy server fails its health check', () => {
    const status = taskStatus(
      task({ containers: [{ name: 'bridge', healthStatus: 'UNHEALTHY' }] }),
      'bridge',
      NOW,
      1,
    );
    expect(status).toMatchObject({
      phase: 'running',
      health: 'error',
      error: expect.stringMatching(/health check/),
    });
  });

  it('answers stopped for a task ECS does not know (anymore)', async () => {
    ecs.on(DescribeTasksCommand).resolves({ tasks: [], failures: [{ arn: taskArn, reason: 'MISSING' }] });

    expect(await runner().describe(taskArn)).toEqual({ phase: 'stopped' });
  });

  const stopped = (overrides: Partial<Task>) =>
    taskStatus(
      task({
        lastStatus: 'STOPPED',
        desiredStatus: 'STOPPED',
        stoppedAt: new Date(NOW - 1_000),
        ...overrides,
      }),
      'bridge',
      NOW,
      120_000,
    );

  it('reports a stop asked for (StopTask) or an idle exit (code 0) without an error', () => {
    const asked = stopped({ stopCode: 'UserInitiated', stoppedReason: 'Idle for more than 15 minutes' });
    expect(asked).toEqual({ phase: 'stopped', startedAt: NOW - 30_000, stoppedAt: NOW - 1_000 });
    const idle = stopped({
      stopCode: 'EssentialContainerExited',
      stoppedReason: 'Essential container in task exited',
      containers: [{ name: 'bridge', exitCode: 0 }],
    });
    expect(idle.error).toBeUndefined();
  });

  it.each([
    [
      'a non-zero exit',
      { stopCode: 'EssentialContainerExited', containers: [{ name: 'bridge', exitCode: 1 }] },
      /exited with code 1\..*stdio/,
    ],
    [
      'running out of memory',
      {
        stopCode: 'EssentialContainerExited',
        containers: [
          { name: 'bridge', exitCode: 137, reason: 'OutOfMemoryError: Container killed due to memory usage' },
        ],
      },
      /ran out of memory/,
    ],
    [
      'an image pull failure',
      {
        stopCode: 'TaskFailedToStart',
        stoppedReason: 'CannotPullContainerError: pull image manifest has been retried',
      },
      /could not be started: the runner image could not be downloaded/,
    ],
    [
      'an env file download failure',
      {
        stopCode: 'TaskFailedToStart',
        stoppedReason: 'ResourceInitializationError: failed to download env files: AccessDenied',
      },
      /could not be started: its network or configuration/,
    ],
    ['an infrastructure stop', { stopCode: 'TerminationNotice' }, /stopped by AWS/],
  ] as const)('explains %s in plain words', (_, overrides, message) => {
    expect(stopped(overrides as Partial<Task>).error).toMatch(message);
  });
});

describe('the ECS runner: stop', () => {
  const envKey = 'srv_01/11111111-2222-3333-4444-555555555555.env';
  const withEnvFile = (overrides: Partial<Task>) =>
    task({
      overrides: {
        containerOverrides: [
          { name: 'bridge', environmentFiles: [{ type: 's3', value: envFileArnOf(envKey) }] },
        ],
      },
      ...overrides,
    });

  it('stops the task with the reason and deletes its env file', async () => {
    ecs.on(DescribeTasksCommand).resolves({ tasks: [withEnvFile({})] });
    ecs.on(StopTaskCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});

    await runner().stop(taskArn, 'Disabled by its owner');

    expect(ecs.commandCalls(StopTaskCommand)[0]?.args[0].input).toEqual({
      cluster: config.clusterArn,
      task: taskArn,
      reason: 'Disabled by its owner',
    });
    expect(s3.commandCalls(DeleteObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'env-bucket',
      Key: envKey,
    });
  });

  it('does not stop an already stopped task but still deletes its env file', async () => {
    ecs
      .on(DescribeTasksCommand)
      .resolves({ tasks: [withEnvFile({ lastStatus: 'STOPPED', desiredStatus: 'STOPPED' })] });
    s3.on(DeleteObjectCommand).resolves({});

    await expect(runner().stop(taskArn, 'again')).resolves.toBeUndefined();

    expect(ecs.commandCalls(StopTaskCommand)).toHaveLength(0);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(1);
  });

  it('resolves for a task ECS does not know', async () => {
    ecs.on(DescribeTasksCommand).resolves({ tasks: [], failures: [{ arn: taskArn, reason: 'MISSING' }] });

    await expect(runner().stop(taskArn, 'gone')).resolves.toBeUndefined();
    expect(ecs.commandCalls(StopTaskCommand)).toHaveLength(0);
  });

  it('resolves when the task vanishes between describe and stop', async () => {
    ecs.on(DescribeTasksCommand).resolves({ tasks: [withEnvFile({})] });
    ecs
      .on(StopTaskCommand)
      .rejects(
        Object.assign(new Error('The referenced task was not found.'), { name: 'InvalidParameterException' }),
      );
    s3.on(DeleteObjectCommand).resolves({});

    await expect(runner().stop(taskArn, 'x')).resolves.toBeUndefined();
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(1);
  });

  it('lets other StopTask failures through (the caller retries)', async () => {
    ecs.on(DescribeTasksCommand).resolves({ tasks: [withEnvFile({})] });
    ecs
      .on(StopTaskCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));

    await expect(runner().stop(taskArn, 'x')).rejects.toThrow('Rate exceeded');
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('cuts a long reason to the 255 characters StopTask accepts', async () => {
    ecs.on(DescribeTasksCommand).resolves({ tasks: [withEnvFile({})] });
    ecs.on(StopTaskCommand).resolves({});
    s3.on(DeleteObjectCommand).resolves({});

    await runner().stop(taskArn, 'x'.repeat(400));

    expect(ecs.commandCalls(StopTaskCommand)[0]?.args[0].input.reason).toHaveLength(255);
  });
});

describe('the ECS runner configuration', () => {
  it('reads the MCP_* variables the CDK construct sets', () => {
    expect(
      parseEcsRunnerConfig({
        MCP_CLUSTER_ARN: config.clusterArn,
        MCP_TASK_DEFINITION_ARN: config.taskDefinitionArn,
        MCP_CONTAINER_NAME: 'bridge',
        MCP_SUBNET_IDS: 'subnet-a, subnet-b',
        MCP_SECURITY_GROUP_ID: 'sg-task',
        MCP_ENV_BUCKET: 'env-bucket',
      }),
    ).toEqual(config);
  });

  it('names the missing variables', () => {
    expect(() => parseEcsRunnerConfig({ MCP_CLUSTER_ARN: 'x' })).toThrow(
      /MCP_TASK_DEFINITION_ARN.*MCP_ENV_BUCKET/,
    );
  });
});
