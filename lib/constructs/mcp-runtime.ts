import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  FlowLogDestination,
  FlowLogTrafficType,
  type GatewayVpcEndpoint,
  GatewayVpcEndpointAwsService,
  IpAddresses,
  Peer,
  Port,
  SecurityGroup,
  type SubnetSelection,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import {
  type CfnTaskDefinition,
  Cluster,
  type ContainerDefinition,
  CpuArchitecture,
  FargateTaskDefinition,
  LogDrivers,
  OperatingSystemFamily,
  Protocol,
} from 'aws-cdk-lib/aws-ecs';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { TableId } from '../../functions/src/adapters/dynamodb/table-definitions';
import { BRIDGE_PORT, ECS_RUNNER_ENV } from '../../functions/src/adapters/mcp-runner/ecs-runner-config';
import { AgentFunction, type AgentFunctionVpcPlacement } from './agent-function';
import type { Data } from './data';
import { runnerImage } from './mcp-runner-image';

/** The bridge container's name in the runner task definition (MCP_CONTAINER_NAME). */
export const RUNNER_CONTAINER_NAME = 'bridge';

/** The tables a function that controls servers (the `mcp` area, the reaper) reads and writes. */
export const MCP_CONTROL_TABLES: readonly TableId[] = ['mcpServers', 'usage'];

/** One task per server: 0.5 vCPU and 1 GB on Graviton. */
export const RUNNER_TASK_SIZE = { cpu: 512, memoryLimitMiB: 1024 } as const;

/**
 * The container health check: node (the slim image has no curl) asks the bridge's /healthz, which
 * answers `{status: 'ok' | 'error', ...}`. HEALTHY, UNHEALTHY or (while starting) UNKNOWN is what
 * DescribeTasks reports and the ECS runner maps to the server's health.
 */
export const RUNNER_HEALTH_CHECK_SCRIPT = `fetch('http://127.0.0.1:${BRIDGE_PORT}/healthz',{signal:AbortSignal.timeout(4000)}).then(async(r)=>process.exit(r.ok&&(await r.json()).status==='ok'?0:1)).catch(()=>process.exit(1))`;

export interface McpRuntimeProps {
  readonly stage: string;
  /** The bridge's entry, bundled into the runner image (normally `functions/src/runner/main.ts`). */
  readonly runnerEntry: string;
  /** The runner image's Dockerfile (normally `functions/src/runner/Dockerfile`). */
  readonly runnerDockerfile: string;
  /** The reaper's handler module (normally `functions/src/handlers/mcp/reap-servers.ts`). */
  readonly reaperEntry: string;
  /** The reaper reads and writes MCP_CONTROL_TABLES and knows every table's name. */
  readonly data: Data;
  /** Extra environment for the reaper. */
  readonly reaperEnvironment?: Readonly<Record<string, string>>;
  /** @default 10.40.0.0/16 */
  readonly cidr?: string;
  /** @default one month */
  readonly logRetention?: RetentionDays;
}

/**
 * Where enabled MCP servers run: one Fargate task per server of one generic runner image (Node 22
 * and the bridge), in a VPC with public subnets only and no NAT gateway.
 *
 * - Tasks get a public IP for egress (package installs, the package's own APIs) and a security
 *   group admitting only the MCP gateway on the bridge port. They have no task role: no AWS access.
 * - Secrets reach a task only through its env file in the private env bucket, which ECS reads with
 *   the execution role (the ECS runner writes the file and passes it in `environmentFiles`).
 * - The MCP gateway is an API area function placed in this VPC (`gatewayPlacement`); Lambdas in a
 *   VPC get no public IP, so it reaches DynamoDB through the gateway endpoint (an automation run's
 *   credential is checked before it, outside the VPC, by the routes' Lambda authorizer: no KMS
 *   endpoint).
 * - The reaper (outside the VPC: it calls ECS) runs every minute from EventBridge Scheduler.
 */
export class McpRuntime extends Construct {
  readonly vpc: Vpc;
  readonly dynamoDbEndpoint: GatewayVpcEndpoint;
  readonly subnets: SubnetSelection;
  readonly cluster: Cluster;
  readonly taskDefinition: FargateTaskDefinition;
  readonly container: ContainerDefinition;
  readonly executionRole: Role;
  readonly logGroup: LogGroup;
  /** The run env files: private, SSE-S3, TLS only, unversioned, expired after a day as a backstop. */
  readonly envBucket: Bucket;
  /** On every task: ingress only from the gateway security group on the bridge port. */
  readonly taskSecurityGroup: SecurityGroup;
  /** On the MCP gateway function: egress to the tasks' bridge port and HTTPS (DynamoDB endpoint). */
  readonly gatewaySecurityGroup: SecurityGroup;
  /** How the MCP gateway function joins the VPC (pass it to the Api's `vpcPlacement`). */
  readonly gatewayPlacement: AgentFunctionVpcPlacement;
  readonly reaper: AgentFunction;
  readonly reaperSchedule: Schedule;
  /** What the ECS runner reads (functions/src/adapters/mcp-runner/ecs-runner-config.ts). */
  readonly runnerEnvironment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: McpRuntimeProps) {
    super(scope, id);
    const retention = props.logRetention ?? RetentionDays.ONE_MONTH;

    this.vpc = new Vpc(this, 'Vpc', {
      ipAddresses: IpAddresses.cidr(props.cidr ?? '10.40.0.0/16'),
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'Public', subnetType: SubnetType.PUBLIC, cidrMask: 20 }],
      restrictDefaultSecurityGroup: true,
      // Hostile packages run in these subnets: keep a record of where their traffic went.
      flowLogs: {
        All: {
          destination: FlowLogDestination.toCloudWatchLogs(
            new LogGroup(this, 'FlowLogs', {
              retention: RetentionDays.ONE_MONTH,
              removalPolicy: RemovalPolicy.DESTROY,
            }),
          ),
          trafficType: FlowLogTrafficType.ALL,
        },
      },
    });
    this.subnets = { subnetType: SubnetType.PUBLIC };
    // Free; the VPC-attached gateway's tables (its only AWS calls).
    this.dynamoDbEndpoint = this.vpc.addGatewayEndpoint('DynamoDb', {
      service: GatewayVpcEndpointAwsService.DYNAMODB,
      subnets: [this.subnets],
    });

    this.taskSecurityGroup = new SecurityGroup(this, 'TaskSecurityGroup', {
      vpc: this.vpc,
      description: 'MCP server tasks: bridge port from the MCP gateway only; any egress (npm, APIs)',
      allowAllOutbound: true,
    });
    this.gatewaySecurityGroup = new SecurityGroup(this, 'GatewaySecurityGroup', {
      vpc: this.vpc,
      description: 'MCP gateway function: to the tasks bridge port and HTTPS (DynamoDB endpoint)',
      allowAllOutbound: false,
    });
    this.gatewaySecurityGroup.addEgressRule(Peer.anyIpv4(), Port.tcp(443), 'HTTPS to the DynamoDB endpoint');
    this.taskSecurityGroup.connections.allowFrom(
      this.gatewaySecurityGroup,
      Port.tcp(BRIDGE_PORT),
      'MCP gateway to the bridge',
    );
    this.gatewayPlacement = {
      vpc: this.vpc,
      subnets: this.subnets,
      securityGroups: [this.gatewaySecurityGroup],
      allowPublicSubnet: true,
    };

    this.envBucket = new Bucket(this, 'EnvFiles', {
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

    this.cluster = new Cluster(this, 'Cluster', { vpc: this.vpc });

    this.executionRole = new Role(this, 'ExecutionRole', {
      assumedBy: new ServicePrincipal('ecs-tasks.amazonaws.com'),
      description: 'MCP runner tasks: pull the image, write logs, read the env files',
    });
    // What ECS needs to fetch an env file (and nothing else of S3).
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.envBucket.arnForObjects('*')] }),
    );
    this.executionRole.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetBucketLocation'], resources: [this.envBucket.bucketArn] }),
    );

    this.taskDefinition = new FargateTaskDefinition(this, 'RunnerTask', {
      ...RUNNER_TASK_SIZE,
      runtimePlatform: {
        cpuArchitecture: CpuArchitecture.ARM64,
        operatingSystemFamily: OperatingSystemFamily.LINUX,
      },
      executionRole: this.executionRole,
    });
    removeTaskRole(this.taskDefinition);

    this.logGroup = new LogGroup(this, 'RunnerLogs', { retention });
    this.container = this.taskDefinition.addContainer('Bridge', {
      containerName: RUNNER_CONTAINER_NAME,
      image: runnerImage(this, { entry: props.runnerEntry, dockerfile: props.runnerDockerfile }),
      essential: true,
      portMappings: [{ containerPort: BRIDGE_PORT, protocol: Protocol.TCP }],
      // Only fixed, public values: the ECS runner adds PACKAGE, IDLE_TIMEOUT_MS and SERVER_ID as
      // overrides and BRIDGE_TOKEN and SERVER_ENV_JSON through the run's env file.
      environment: { PORT: String(BRIDGE_PORT), HOST: '0.0.0.0' },
      logging: LogDrivers.awsLogs({ streamPrefix: 'mcp', logGroup: this.logGroup }),
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

    this.runnerEnvironment = {
      [ECS_RUNNER_ENV.clusterArn]: this.cluster.clusterArn,
      [ECS_RUNNER_ENV.taskDefinitionArn]: this.taskDefinition.taskDefinitionArn,
      [ECS_RUNNER_ENV.containerName]: RUNNER_CONTAINER_NAME,
      [ECS_RUNNER_ENV.subnetIds]: this.vpc.selectSubnets(this.subnets).subnetIds.join(','),
      [ECS_RUNNER_ENV.securityGroupId]: this.taskSecurityGroup.securityGroupId,
      [ECS_RUNNER_ENV.envBucket]: this.envBucket.bucketName,
    };

    this.reaper = new AgentFunction(this, 'Reaper', {
      entry: props.reaperEntry,
      stage: props.stage,
      description: `AgentForge MCP reaper (${props.stage})`,
      memorySize: 256,
      // Runs every minute: done well before the next run starts.
      timeout: Duration.seconds(55),
      logRetention: retention,
      environment: props.reaperEnvironment,
    });
    props.data.addTableNames(this.reaper.function);
    props.data.grantReadWrite(this.reaper.function, ...MCP_CONTROL_TABLES);
    // Stops the servers of a user whose plan's compute hours are used up: reads their plan.
    // (A member of a subscribed team is on the team's plan: "my teams" is a billing table item.)
    props.data.grantGetItem(this.reaper.function, 'billing');
    // The same schedule ends the replies whose writer died and settles their reservations (usage).
    props.data.grantReplySweep(this.reaper.function);
    this.grantServerControl(this.reaper.function);

    this.reaperSchedule = new Schedule(this, 'ReaperSchedule', {
      description: `Stops idle MCP servers, marks stale ones, books compute minutes (${props.stage})`,
      schedule: ScheduleExpression.rate(Duration.minutes(1)),
      // A missed run is covered by the next one a minute later.
      target: new LambdaInvoke(this.reaper.function, { retryAttempts: 0, maxEventAge: Duration.minutes(1) }),
    });
  }

  /** Tells a function where the ECS runner starts servers (the MCP_* variables). */
  addRunnerEnvironment(fn: LambdaFunction): void {
    for (const [name, value] of Object.entries(this.runnerEnvironment)) fn.addEnvironment(name, value);
  }

  /**
   * Lets a function start, describe and stop server tasks (the `mcp` area, the reaper) and tells
   * it where (addRunnerEnvironment): RunTask of the runner task definition in this cluster only,
   * Stop/DescribeTasks on this cluster's tasks, tagging at RunTask, passing only the execution
   * role to ECS tasks, and writing/deleting env files. Table and key grants are the caller's.
   */
  grantServerControl(fn: LambdaFunction): void {
    this.addRunnerEnvironment(fn);
    const stack = Stack.of(this);
    const clusterCondition = { ArnEquals: { 'ecs:cluster': this.cluster.clusterArn } };
    const tasks = stack.formatArn({
      service: 'ecs',
      resource: 'task',
      resourceName: `${this.cluster.clusterName}/*`,
    });
    const statements = [
      new PolicyStatement({
        sid: 'RunRunnerTasks',
        actions: ['ecs:RunTask'],
        resources: [
          stack.formatArn({
            service: 'ecs',
            resource: 'task-definition',
            resourceName: `${this.taskDefinition.family}:*`,
          }),
        ],
        conditions: clusterCondition,
      }),
      new PolicyStatement({
        sid: 'ObserveAndStopRunnerTasks',
        actions: ['ecs:DescribeTasks', 'ecs:StopTask'],
        resources: [tasks],
        conditions: clusterCondition,
      }),
      new PolicyStatement({
        sid: 'TagRunnerTasksAtRunTask',
        actions: ['ecs:TagResource'],
        resources: [tasks],
        conditions: { StringEquals: { 'ecs:CreateAction': 'RunTask' } },
      }),
      new PolicyStatement({
        sid: 'PassRunnerExecutionRole',
        actions: ['iam:PassRole'],
        resources: [this.executionRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'ecs-tasks.amazonaws.com' } },
      }),
      new PolicyStatement({
        sid: 'WriteRunEnvFiles',
        actions: ['s3:PutObject', 's3:DeleteObject'],
        resources: [this.envBucket.arnForObjects('*')],
      }),
    ];
    for (const statement of statements) fn.addToRolePolicy(statement);
  }
}

/**
 * CDK always creates a task role; the runner tasks must have none (the package they run gets no
 * AWS access at all), so the role and the property are removed.
 */
function removeTaskRole(taskDefinition: FargateTaskDefinition): void {
  taskDefinition.node.tryRemoveChild('TaskRole');
  (taskDefinition.node.defaultChild as CfnTaskDefinition).addPropertyDeletionOverride('TaskRoleArn');
}
