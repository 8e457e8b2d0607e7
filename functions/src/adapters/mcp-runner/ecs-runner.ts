import { randomUUID } from 'node:crypto';
import {
  type Container,
  DescribeTasksCommand,
  type ECSClient,
  RunTaskCommand,
  StopTaskCommand,
  type Task,
} from '@aws-sdk/client-ecs';
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DomainError } from '../../domain/errors.js';
import type {
  RunnerHealth,
  RunnerPhase,
  RunnerStartRequest,
  RunnerStatus,
  ServerRunner,
} from '../../domain/mcp/server-runner.js';
import { logger } from '../../logger.js';
import { BRIDGE_PORT, type EcsRunnerConfig } from './ecs-runner-config.js';

export { type EcsRunnerConfig, parseEcsRunnerConfig } from './ecs-runner-config.js';

export interface EcsRunnerOptions {
  ecs: ECSClient;
  s3: S3Client;
  config: EcsRunnerConfig;
  /** @default Date.now */
  now?: () => number;
  /**
   * How long a running task may report no health (UNKNOWN: its health check has not passed yet)
   * before it counts as stale. Covers the container health check's start period plus a cold
   * `npm exec` of the package. @default 2 minutes
   */
  startGraceMs?: number;
}

/** ECS lastStatus -> runner phase (https://docs.aws.amazon.com/AmazonECS/latest/developerguide/task-lifecycle-explanation.html). */
const PHASES: Readonly<Record<string, RunnerPhase>> = {
  PROVISIONING: 'pending',
  PENDING: 'pending',
  ACTIVATING: 'pending',
  RUNNING: 'running',
  DEACTIVATING: 'stopping',
  STOPPING: 'stopping',
  DEPROVISIONING: 'stopping',
  STOPPED: 'stopped',
  DELETED: 'stopped',
};

/** ECS would not start the task (API error, no capacity): a 502 whose message the user may see. */
export class RunnerStartError extends DomainError {
  readonly code = 'UPSTREAM_ERROR';
}

const DEFAULT_START_GRACE_MS = 2 * 60_000;
/** StopTask's reason is at most 255 characters. */
const MAX_STOP_REASON = 255;

/**
 * AWS: each server is one Fargate task of the generic runner image. Secrets (the bridge token and
 * the server's env values) never travel in RunTask overrides, which DescribeTasks shows to anyone
 * allowed to describe tasks: they go to a private S3 object passed as the container's environment
 * file, which ECS fetches with the task execution role when it starts the container. The run id
 * is the task ARN.
 */
export function createEcsRunner(options: EcsRunnerOptions): ServerRunner {
  const { ecs, s3, config } = options;
  const now = options.now ?? Date.now;
  const startGraceMs = options.startGraceMs ?? DEFAULT_START_GRACE_MS;

  async function findTask(runId: string): Promise<Task | undefined> {
    const { tasks } = await ecs.send(
      new DescribeTasksCommand({ cluster: config.clusterArn, tasks: [runId] }),
    );
    // A task unknown to ECS (never existed, or stopped long ago) comes back as a MISSING failure.
    return tasks?.find((task) => task.taskArn === runId) ?? tasks?.[0];
  }

  async function deleteEnvFile(key: string): Promise<void> {
    await s3.send(new DeleteObjectCommand({ Bucket: config.envBucket, Key: key }));
  }
  /** A run that did not start leaves its env file to the bucket's lifecycle expiry; the log says so. */
  const envFileLeft = (key: string) => (error: unknown) =>
    logger.warn('Env file of a failed start not deleted (the bucket expiry removes it)', { key, error });

  return {
    async start(request) {
      const key = envFileKey(request.serverId);
      await s3.send(
        new PutObjectCommand({
          Bucket: config.envBucket,
          Key: key,
          Body: envFileContent(request),
          ContentType: 'text/plain; charset=utf-8',
          ServerSideEncryption: 'AES256',
        }),
      );

      let task: Task | undefined;
      let failure: string | undefined;
      try {
        const result = await ecs.send(
          new RunTaskCommand({
            cluster: config.clusterArn,
            taskDefinition: config.taskDefinitionArn,
            launchType: 'FARGATE',
            count: 1,
            networkConfiguration: {
              awsvpcConfiguration: {
                subnets: [...config.subnetIds],
                securityGroups: [config.securityGroupId],
                // Egress for the package install and the package's own APIs, without a NAT gateway.
                assignPublicIp: 'ENABLED',
              },
            },
            overrides: {
              containerOverrides: [
                {
                  name: config.containerName,
                  // Only non-secret values here: DescribeTasks shows overrides.
                  environment: [
                    { name: 'PACKAGE', value: request.packageName },
                    {
                      name: 'IDLE_TIMEOUT_MS',
                      value: String(Math.round(request.idleTimeoutMinutes * 60_000)),
                    },
                    { name: 'SERVER_ID', value: request.serverId },
                  ],
                  environmentFiles: [{ type: 's3', value: `arn:aws:s3:::${config.envBucket}/${key}` }],
                },
              ],
            },
            tags: [
              { key: 'serverId', value: request.serverId },
              { key: 'userId', value: request.userId },
            ],
            propagateTags: 'TASK_DEFINITION',
            enableECSManagedTags: true,
          }),
        );
        task = result.tasks?.[0];
        failure = result.failures?.map((f) => [f.reason, f.detail].filter(Boolean).join(': ')).join('; ');
      } catch (error) {
        await deleteEnvFile(key).catch(envFileLeft(key));
        throw new RunnerStartError('The server could not be started. Try again later.', { cause: error });
      }
      if (!task?.taskArn) {
        await deleteEnvFile(key).catch(envFileLeft(key));
        throw new RunnerStartError(`The server could not be started${startFailure(failure)}`);
      }
      return { runId: task.taskArn };
    },

    async describe(runId) {
      const task = await findTask(runId);
      if (!task) return { phase: 'stopped' };
      return taskStatus(task, config.containerName, now(), startGraceMs);
    },

    async stop(runId, reason) {
      const task = await findTask(runId);
      if (!task) return;
      if (task.lastStatus !== 'STOPPED' && task.desiredStatus !== 'STOPPED') {
        try {
          await ecs.send(
            new StopTaskCommand({
              cluster: config.clusterArn,
              task: runId,
              reason: reason.slice(0, MAX_STOP_REASON),
            }),
          );
        } catch (error) {
          // Stopped and gone between the two calls.
          if (!isTaskNotFound(error)) throw error;
        }
      }
      const key = envFileKeyOf(task, config);
      if (key) await deleteEnvFile(key);
    },
  };
}

/** The S3 key of a run's env file: `<serverId>/<random id>.env` (ECS wants the .env extension). */
function envFileKey(serverId: string): string {
  if (!/^[\w-]{1,128}$/.test(serverId)) throw new Error(`Unexpected server id: ${serverId}`);
  return `${serverId}/${randomUUID()}.env`;
}

/**
 * ECS env file lines are `NAME=VALUE`, taken literally up to the end of the line (no quoting), so
 * no value may span lines: SERVER_ENV_JSON is single-line JSON (newlines in values are escaped).
 */
export function envFileContent(request: Pick<RunnerStartRequest, 'bridgeToken' | 'environment'>): string {
  if (!request.bridgeToken || /[\r\n]/.test(request.bridgeToken)) {
    throw new Error('The bridge token must be one non-empty line');
  }
  return `BRIDGE_TOKEN=${request.bridgeToken}\nSERVER_ENV_JSON=${JSON.stringify(request.environment)}\n`;
}

/** The env file key the task was started with, read back from its (non-secret) overrides. */
function envFileKeyOf(task: Task, config: EcsRunnerConfig): string | undefined {
  const prefix = `arn:aws:s3:::${config.envBucket}/`;
  const value = task.overrides?.containerOverrides
    ?.flatMap((override) => override.environmentFiles ?? [])
    .find((file) => file.value?.startsWith(prefix))?.value;
  return value?.slice(prefix.length);
}

/** What a described task means for the runner port. */
export function taskStatus(
  task: Task,
  containerName: string,
  at: number,
  startGraceMs: number,
): RunnerStatus {
  const phase = PHASES[task.lastStatus ?? ''] ?? 'pending';
  const container = task.containers?.find((c) => c.name === containerName) ?? task.containers?.[0];
  const status: RunnerStatus = { phase };

  const ip = privateIp(task, container);
  if (ip && phase !== 'stopped') status.endpoint = `http://${ip}:${BRIDGE_PORT}`;
  if (task.startedAt) status.startedAt = task.startedAt.getTime();
  if (task.stoppedAt) status.stoppedAt = task.stoppedAt.getTime();

  if (phase === 'running') {
    const health = healthOf(container?.healthStatus ?? task.healthStatus, status.startedAt, at, startGraceMs);
    if (health) status.health = health;
    if (health === 'error') status.error = 'The server is not passing its health check.';
  }
  if (phase === 'stopped' || phase === 'stopping') {
    const error = stopError(task, container);
    if (error) status.error = error;
  }
  return status;
}

function healthOf(
  health: string | undefined,
  startedAt: number | undefined,
  at: number,
  startGraceMs: number,
): RunnerHealth | undefined {
  if (health === 'HEALTHY') return 'running';
  if (health === 'UNHEALTHY') return 'error';
  // UNKNOWN: the health check has not passed yet. Past the start grace the bridge went silent.
  if (startedAt !== undefined && at - startedAt > startGraceMs) return 'stale';
  return undefined;
}

function privateIp(task: Task, container: Container | undefined): string | undefined {
  const eni = task.attachments?.find((attachment) => attachment.type === 'ElasticNetworkInterface');
  const fromEni = eni?.details?.find((detail) => detail.name === 'privateIPv4Address')?.value;
  return fromEni ?? container?.networkInterfaces?.find((ni) => ni.privateIpv4Address)?.privateIpv4Address;
}

/**
 * Why a task stopped, in words a user can act on; nothing when it stopped as asked (StopTask) or
 * by itself when idle (the bridge exits with code 0).
 */
function stopError(task: Task, container: Container | undefined): string | undefined {
  const reason = task.stoppedReason?.trim();
  switch (task.stopCode) {
    case 'UserInitiated':
    case 'ServiceSchedulerInitiated':
      return undefined;
    case 'TaskFailedToStart':
      return `The server could not be started${startFailure(reason)}`;
    case 'SpotInterruption':
    case 'TerminationNotice':
    case 'InfrastructureHealth':
      return 'The server was stopped by AWS (infrastructure maintenance). Enable it again.';
  }
  const exitCode = container?.exitCode;
  const containerReason = container?.reason?.trim();
  if (containerReason && /OutOfMemory/i.test(containerReason)) {
    return 'The server ran out of memory (1 GB) and was stopped.';
  }
  if (exitCode === 0) return undefined;
  if (exitCode === 137) return 'The server was killed (out of memory, or it did not stop in time).';
  if (exitCode !== undefined) {
    return `The server exited with code ${exitCode}${containerReason ? ` (${containerReason})` : ''}. Check that the package is an MCP server that runs over stdio and that its environment variables are right.`;
  }
  if (task.lastStatus !== 'STOPPED') return undefined;
  if (containerReason) return `The server stopped: ${containerReason}`;
  return reason ? `The server stopped: ${reason}` : undefined;
}

function startFailure(reason: string | undefined): string {
  if (!reason) return '.';
  if (/CannotPullContainer/i.test(reason))
    return ': the runner image could not be downloaded. Try again later.';
  if (/ResourceInitializationError/i.test(reason)) {
    return ': its network or configuration could not be set up. Try again later.';
  }
  if (/capacity|RESOURCE:/i.test(reason)) return ': AWS has no capacity for it right now. Try again later.';
  return `: ${reason}`;
}

function isTaskNotFound(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  return (
    (name === 'InvalidParameterException' || name === 'ClientException') &&
    /not found|MISSING/i.test(message ?? '')
  );
}
