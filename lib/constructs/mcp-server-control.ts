import { Stack } from 'aws-cdk-lib';
import type { Cluster, FargateTaskDefinition } from 'aws-cdk-lib/aws-ecs';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';

/**
 * What a function that starts, describes and stops server tasks may do: RunTask of the runner task
 * definition in this cluster only, Stop/DescribeTasks on this cluster's tasks, tagging at RunTask,
 * passing only the execution role to ECS tasks, and writing/deleting env files.
 */
export function serverControlStatements({
  cluster,
  taskDefinition,
  executionRole,
  envBucket,
}: {
  cluster: Cluster;
  taskDefinition: FargateTaskDefinition;
  executionRole: Role;
  envBucket: Bucket;
}): PolicyStatement[] {
  const stack = Stack.of(cluster);
  const clusterCondition = { ArnEquals: { 'ecs:cluster': cluster.clusterArn } };
  const tasks = stack.formatArn({
    service: 'ecs',
    resource: 'task',
    resourceName: `${cluster.clusterName}/*`,
  });
  return [
    new PolicyStatement({
      sid: 'RunRunnerTasks',
      actions: ['ecs:RunTask'],
      resources: [
        stack.formatArn({
          service: 'ecs',
          resource: 'task-definition',
          resourceName: `${taskDefinition.family}:*`,
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
      resources: [executionRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'ecs-tasks.amazonaws.com' } },
    }),
    new PolicyStatement({
      sid: 'WriteRunEnvFiles',
      actions: ['s3:PutObject', 's3:DeleteObject'],
      resources: [envBucket.arnForObjects('*')],
    }),
  ];
}
