import { Duration } from 'aws-cdk-lib';
import type { GatewayVpcEndpoint, SecurityGroup, SubnetSelection, Vpc } from 'aws-cdk-lib/aws-ec2';
import type { Cluster, ContainerDefinition, FargateTaskDefinition } from 'aws-cdk-lib/aws-ecs';
import type { Role } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { type LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { TableId } from '../../functions/src/adapters/dynamodb/table-definitions';
import { ECS_RUNNER_ENV } from '../../functions/src/adapters/mcp-runner/ecs-runner-config';
import { AgentFunction, type AgentFunctionVpcPlacement } from './agent-function';
import type { Data } from './data';
import { createRunnerNetwork } from './mcp-runner-network';
import { createRunnerTask, RUNNER_CONTAINER_NAME } from './mcp-runner-task';
import { serverControlStatements } from './mcp-server-control';

/** The tables a function that controls servers (the `mcp` area, the reaper) reads and writes. */
export const MCP_CONTROL_TABLES: readonly TableId[] = ['mcpServers', 'usage'];

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

    const network = createRunnerNetwork(this, props.cidr ?? '10.40.0.0/16');
    this.vpc = network.vpc;
    this.subnets = network.subnets;
    this.dynamoDbEndpoint = network.dynamoDbEndpoint;
    this.taskSecurityGroup = network.taskSecurityGroup;
    this.gatewaySecurityGroup = network.gatewaySecurityGroup;
    this.gatewayPlacement = network.gatewayPlacement;

    const task = createRunnerTask(this, {
      vpc: this.vpc,
      runnerEntry: props.runnerEntry,
      runnerDockerfile: props.runnerDockerfile,
      retention,
    });
    this.envBucket = task.envBucket;
    this.cluster = task.cluster;
    this.executionRole = task.executionRole;
    this.taskDefinition = task.taskDefinition;
    this.logGroup = task.logGroup;
    this.container = task.container;

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
    for (const statement of serverControlStatements(this)) fn.addToRolePolicy(statement);
  }
}
