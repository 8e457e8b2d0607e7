import * as z from 'zod';

/**
 * Where the ECS runner starts servers, as the CDK MCP runtime construct tells the functions that
 * control servers (the `mcp` API area and the reaper). Pure: the CDK app imports these names too.
 */
export const ECS_RUNNER_ENV = {
  clusterArn: 'MCP_CLUSTER_ARN',
  taskDefinitionArn: 'MCP_TASK_DEFINITION_ARN',
  containerName: 'MCP_CONTAINER_NAME',
  /** Comma-separated. */
  subnetIds: 'MCP_SUBNET_IDS',
  securityGroupId: 'MCP_SECURITY_GROUP_ID',
  envBucket: 'MCP_ENV_BUCKET',
} as const;

/** The bridge's port in the runner image; the task security group admits only the gateway on it. */
export const BRIDGE_PORT = 8080;

export interface EcsRunnerConfig {
  clusterArn: string;
  /** The task definition (ARN with revision) of the generic runner image. */
  taskDefinitionArn: string;
  /** The bridge container in that task definition. */
  containerName: string;
  /** Public subnets: tasks get a public IP for egress (no NAT gateway). */
  subnetIds: readonly string[];
  securityGroupId: string;
  /** The private bucket holding each run's secret env file. */
  envBucket: string;
}

const required = z.string().trim().min(1);

const schema = z.object({
  [ECS_RUNNER_ENV.clusterArn]: required,
  [ECS_RUNNER_ENV.taskDefinitionArn]: required,
  [ECS_RUNNER_ENV.containerName]: required,
  [ECS_RUNNER_ENV.subnetIds]: required.transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  ),
  [ECS_RUNNER_ENV.securityGroupId]: required,
  [ECS_RUNNER_ENV.envBucket]: required,
});

/** Reads the ECS runner's configuration; a missing variable fails with its name. */
export function parseEcsRunnerConfig(source: NodeJS.ProcessEnv): EcsRunnerConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.'));
    throw new Error(`The ECS runner is not configured: set ${[...new Set(names)].join(', ')}`);
  }
  const env = result.data;
  return {
    clusterArn: env[ECS_RUNNER_ENV.clusterArn],
    taskDefinitionArn: env[ECS_RUNNER_ENV.taskDefinitionArn],
    containerName: env[ECS_RUNNER_ENV.containerName],
    subnetIds: env[ECS_RUNNER_ENV.subnetIds],
    securityGroupId: env[ECS_RUNNER_ENV.securityGroupId],
    envBucket: env[ECS_RUNNER_ENV.envBucket],
  };
}
