import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { Vpc } from 'aws-cdk-lib/aws-ec2';
import {
  type CfnTaskDefinition,
  Cluster,
  CpuArchitecture,
  FargateTaskDefinition,
  LogDrivers,
  OperatingSystemFamily,
  Protocol,
} from 'aws-cdk-lib/aws-ecs';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { BRIDGE_PORT } from '../../functions/src/adapters/mcp-runner/ecs-runner-config';
import { runnerImage } from './mcp-runner-image';

/** The bridge container's name in the runner task definition (MCP_CONTAINER_NAME). */
export const RUNNER_CONTAINER_NAME = 'bridge';

/** One task per server: 0.5 vCPU and 1 GB on Graviton. */
export const RUNNER_TASK_SIZE = { cpu: 512, memoryLimitMiB: 1024 } as const;

/**
 * The container health check: node (the slim image has no curl) asks the bridge's /healthz, which
 * answers `{status: 'ok' | 'error', ...}`. HEALTHY, UNHEALTHY or (while starting) UNKNOWN is what
 * DescribeTasks reports and the ECS runner maps to the server's health.
 */
export const RUNNER_HEALTH_CHECK_SCRIPT = `fetch('http://127.0.0.1:${BRIDGE_PORT}/healthz',{signal:AbortSignal.timeout(4000)}).then(async(r)=>process.exit(r.ok&&(await r.json()).status==='ok'?0:1)).catch(()=>process.exit(1))`;

/**
 * What a server's task is made of, made in `scope` (the McpRuntime: its ids are the construct's
 * own): the private bucket of the runs' env files, the cluster, the execution role (pull the image,
 * write logs, read the env files), and the task definition with its one container, the bridge, and
 * no task role.
 */
export function createRunnerTask(
  scope: Construct,
  props: { vpc: Vpc; runnerEntry: string; runnerDockerfile: string; retention: RetentionDays },
) {
  const { vpc, retention } = props;
  const envBucket = new Bucket(scope, 'EnvFiles', {
    encryption: BucketEncryption.S3_MANAGED,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    versioned: false,
    // The runner deletes a run's file when it stops it; this catches the rest.
    lifecycleRules: [{ id: 'expire-env-files', expiration: Duration.days(1) }],
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });

  const cluster = new Cluster(scope, 'Cluster', { vpc });

  const executionRole = new Role(scope, 'ExecutionRole', {
    assumedBy: new ServicePrincipal('ecs-tasks.amazonaws.com'),
    description: 'MCP runner tasks: pull the image, write logs, read the env files',
  });
  // What ECS needs to fetch an env file (and nothing else of S3).
  executionRole.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['s3:GetObject'], resources: [envBucket.arnForObjects('*')] }),
  );
  executionRole.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['s3:GetBucketLocation'], resources: [envBucket.bucketArn] }),
  );

  const taskDefinition = new FargateTaskDefinition(scope, 'RunnerTask', {
    ...RUNNER_TASK_SIZE,
    runtimePlatform: {
      cpuArchitecture: CpuArchitecture.ARM64,
      operatingSystemFamily: OperatingSystemFamily.LINUX,
    },
    executionRole,
  });
  removeTaskRole(taskDefinition);

  const logGroup = new LogGroup(scope, 'RunnerLogs', { retention });
  const container = taskDefinition.addContainer('Bridge', {
    containerName: RUNNER_CONTAINER_NAME,
    image: runnerImage(scope, { entry: props.runnerEntry, dockerfile: props.runnerDockerfile }),
    essential: true,
    portMappings: [{ containerPort: BRIDGE_PORT, protocol: Protocol.TCP }],
    // Only fixed, public values: the ECS runner adds PACKAGE, IDLE_TIMEOUT_MS and SERVER_ID as
    // overrides and BRIDGE_TOKEN and SERVER_ENV_JSON through the run's env file.
    environment: { PORT: String(BRIDGE_PORT), HOST: '0.0.0.0' },
    logging: LogDrivers.awsLogs({ streamPrefix: 'mcp', logGroup }),
    healthCheck: {
      command: ['CMD', 'node', '-e', RUNNER_HEALTH_CHECK_SCRIPT],
      interval: Duration.seconds(15),
      timeout: Duration.seconds(5),
      retries: 3,
      // A cold `npm exec` of the package takes 10-13 s; failures before this do not count.
      startPeriod: Duration.seconds(60),
    },
    stopTimeout: Duration.seconds(10),
  });
  return { envBucket, cluster, executionRole, taskDefinition, logGroup, container };
}

/**
 * CDK always creates a task role; the runner tasks must have none (the package they run gets no
 * AWS access at all), so the role and the property are removed.
 */
function removeTaskRole(taskDefinition: FargateTaskDefinition): void {
  taskDefinition.node.tryRemoveChild('TaskRole');
  (taskDefinition.node.defaultChild as CfnTaskDefinition).addPropertyDeletionOverride('TaskRoleArn');
}
