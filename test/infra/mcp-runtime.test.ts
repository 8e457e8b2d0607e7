import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, Stack } from 'aws-cdk-lib';
import { Capture, Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ECS_RUNNER_ENV } from '../../functions/src/adapters/mcp-runner/ecs-runner-config';
import { API_AREAS } from '../../functions/src/routes';
import { RUNNER_IMAGE_FILES, runnerImage } from '../../lib/constructs/mcp-runner-image';
import { RUNNER_CONTAINER_NAME } from '../../lib/constructs/mcp-runner-task';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import {
  expectResource,
  PRIVATE_ENCRYPTED_BUCKET,
  projectRoot,
  propertiesOf,
  synthStack,
  testApp,
} from './synth';

interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

interface Policy {
  Properties: { PolicyDocument?: { Statement: Statement[] }; Roles?: { Ref: string }[] };
}

let stack: AgentForgeStack;
let template: Template;
let ids: {
  vpc: string;
  taskDefinition: string;
  executionRole: string;
  taskSg: string;
  gatewaySg: string;
  envBucket: string;
  cluster: string;
  reaper: string;
  mcpFunction: string;
  accountFunction: string;
  gatewayFunction: string;
  automationRunner: string;
};

beforeAll(() => {
  ({ stack, template } = synthStack());
  const runtime = stack.mcpRuntime;
  const idOf = (construct: { node: { defaultChild?: unknown } }) =>
    stack.getLogicalId(construct.node.defaultChild as never);
  ids = {
    vpc: idOf(runtime.vpc),
    taskDefinition: idOf(runtime.taskDefinition),
    executionRole: idOf(runtime.executionRole),
    taskSg: idOf(runtime.taskSecurityGroup),
    gatewaySg: idOf(runtime.gatewaySecurityGroup),
    envBucket: idOf(runtime.envBucket),
    cluster: idOf(runtime.cluster),
    reaper: idOf(runtime.reaper.function),
    mcpFunction: idOf(stack.api.functions.mcp.function),
    accountFunction: idOf(stack.api.functions.account.function),
    gatewayFunction: idOf(stack.api.functions['mcp-gateway'].function),
    automationRunner: idOf(stack.automations.runner.function),
  };
}, 120_000);

/** The logical ids of a type's resources (optionally those matching a Match pattern). */
const idsOf = (type: string, pattern?: Record<string, unknown>) =>
  Object.keys(template.findResources(type, pattern));
const getAtt = (id: string, attribute: string) => ({ 'Fn::GetAtt': [id, attribute] });
const actionsOf = (statement: Statement) => [statement.Action].flat();
const roleIdOf = (functionId: string) =>
  (propertiesOf(template, 'AWS::Lambda::Function', functionId).Role as { 'Fn::GetAtt': [string] })[
    'Fn::GetAtt'
  ][0];

/** Every Allow statement of the identity policies attached to a role. */
function statementsOfRole(roleId: string): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
  }) as Record<string, Policy>;
  return Object.values(policies).flatMap((policy) => policy.Properties.PolicyDocument?.Statement ?? []);
}

/** Every statement of every identity policy, with the roles it is attached to. */
function allStatements(): (Statement & { roles: string[] })[] {
  const policies = template.findResources('AWS::IAM::Policy') as Record<string, Policy>;
  return Object.values(policies).flatMap((policy) =>
    (policy.Properties.PolicyDocument?.Statement ?? []).map((statement) => ({
      ...statement,
      roles: (policy.Properties.Roles ?? []).map((role) => role.Ref),
    })),
  );
}

describe('the MCP runtime network', () => {
  it('is one VPC with public subnets only in two AZs and no NAT gateway', () => {
    expect(idsOf('AWS::EC2::VPC')).toEqual([ids.vpc]);
    template.resourceCountIs('AWS::EC2::NatGateway', 0);
    template.resourceCountIs('AWS::EC2::Subnet', 2);
    template.allResourcesProperties('AWS::EC2::Subnet', { MapPublicIpOnLaunch: true });
    const zones = new Capture();
    template.allResourcesProperties('AWS::EC2::Subnet', { AvailabilityZone: zones });
    const seen = [zones.asString()];
    while (zones.next()) seen.push(zones.asString());
    expect(new Set(seen).size).toBe(2);
    // Every route leaves through the internet gateway: nothing is private, nothing needs a NAT.
    template.allResourcesProperties('AWS::EC2::Route', {
      GatewayId: Match.anyValue(),
      NatGatewayId: Match.absent(),
    });
  });

  it('reaches DynamoDB through a gateway endpoint on every route table', () => {
    // One endpoint, free: no interface endpoint (billed by the hour) anywhere in the VPC.
    expect(idsOf('AWS::EC2::VPCEndpoint')).toHaveLength(1);
    expect(idsOf('AWS::EC2::VPCEndpoint', { Properties: { VpcEndpointType: 'Gateway' } })).toHaveLength(1);
    const routeTableIds = new Capture();
    template.hasResourceProperties('AWS::EC2::VPCEndpoint', {
      VpcEndpointType: 'Gateway',
      VpcId: { Ref: ids.vpc },
      ServiceName: { 'Fn::Join': ['', ['com.amazonaws.', { Ref: 'AWS::Region' }, '.dynamodb']] },
      RouteTableIds: routeTableIds,
    });
    const routeTables = idsOf('AWS::EC2::RouteTable').map((id) => ({ Ref: id }));
    expect(routeTableIds.asArray()).toEqual(expect.arrayContaining(routeTables));
    expect(routeTableIds.asArray()).toHaveLength(routeTables.length);
  });

  it("admits into the tasks only the gateway's security group, on the bridge port", () => {
    const taskSgRef = getAtt(ids.taskSg, 'GroupId');
    expectResource(template, ids.taskSg, { Properties: { SecurityGroupIngress: Match.absent() } });
    const ingress = { Properties: { GroupId: taskSgRef } };
    expect(idsOf('AWS::EC2::SecurityGroupIngress', ingress)).toHaveLength(1);
    // No rule anywhere opens the tasks to an address range.
    template.hasResourceProperties('AWS::EC2::SecurityGroupIngress', {
      GroupId: taskSgRef,
      IpProtocol: 'tcp',
      FromPort: 8080,
      ToPort: 8080,
      SourceSecurityGroupId: getAtt(ids.gatewaySg, 'GroupId'),
      CidrIp: Match.absent(),
      CidrIpv6: Match.absent(),
    });
  });

  it('lets the gateway out only to the bridge port of the tasks and to HTTPS', () => {
    expectResource(template, ids.gatewaySg, {
      Properties: {
        SecurityGroupEgress: [
          Match.objectLike({ CidrIp: '0.0.0.0/0', IpProtocol: 'tcp', FromPort: 443, ToPort: 443 }),
        ],
      },
    });
    const gatewaySgRef = getAtt(ids.gatewaySg, 'GroupId');
    expect(idsOf('AWS::EC2::SecurityGroupEgress', { Properties: { GroupId: gatewaySgRef } })).toHaveLength(1);
    template.hasResourceProperties('AWS::EC2::SecurityGroupEgress', {
      GroupId: gatewaySgRef,
      FromPort: 8080,
      ToPort: 8080,
      DestinationSecurityGroupId: getAtt(ids.taskSg, 'GroupId'),
    });
  });
});

describe('the runner task definition', () => {
  it('is Fargate on ARM64 with 0.5 vCPU and 1 GB, an execution role and no task role', () => {
    expectResource(template, ids.taskDefinition, {
      Properties: {
        RequiresCompatibilities: ['FARGATE'],
        NetworkMode: 'awsvpc',
        RuntimePlatform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
        Cpu: '512',
        Memory: '1024',
        ExecutionRoleArn: getAtt(ids.executionRole, 'Arn'),
        TaskRoleArn: Match.absent(),
      },
    });
    // The only role ECS tasks may assume is the execution role.
    const ecsTaskRoles = Object.entries(template.findResources('AWS::IAM::Role'))
      .filter(([, role]) =>
        JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('ecs-tasks.amazonaws.com'),
      )
      .map(([id]) => id);
    expect(ecsTaskRoles).toEqual([ids.executionRole]);
  });

  it('runs the bridge container with a node health check on /healthz', () => {
    template.resourceCountIs('AWS::ECS::TaskDefinition', 1);
    const logGroup = new Capture();
    template.hasResourceProperties('AWS::ECS::TaskDefinition', {
      ContainerDefinitions: [
        {
          Name: RUNNER_CONTAINER_NAME,
          Essential: true,
          PortMappings: [{ ContainerPort: 8080, Protocol: 'tcp' }],
          HealthCheck: {
            Command: ['CMD', 'node', '-e', Match.stringLikeRegexp("'http://127\\.0\\.0\\.1:8080/healthz'")],
            Interval: 15,
            Timeout: 5,
            Retries: 3,
            StartPeriod: 60,
          },
          LogConfiguration: { LogDriver: 'awslogs', Options: { 'awslogs-group': { Ref: logGroup } } },
        },
      ],
    });
    expectResource(template, logGroup.asString(), { Properties: { RetentionInDays: 30 } });
  });

  it('has no secret in its static environment: only the port and host', () => {
    expectResource(template, ids.taskDefinition, {
      Properties: {
        ContainerDefinitions: [
          {
            Environment: Match.exact([
              { Name: 'PORT', Value: '8080' },
              { Name: 'HOST', Value: '0.0.0.0' },
            ]),
            Secrets: Match.absent(),
            EnvironmentFiles: Match.absent(),
          },
        ],
      },
    });
  });

  it('builds its image for linux/arm64 from a context holding only the Dockerfile and the bundled bridge', () => {
    const outdir = (stack.node.root as App).outdir;
    const manifest = JSON.parse(readFileSync(join(outdir, `${stack.artifactId}.assets.json`), 'utf8')) as {
      dockerImages: Record<string, { source: { directory: string; platform?: string } }>;
    };
    const images = Object.values(manifest.dockerImages);
    expect(images).toHaveLength(1);
    expect(images[0]?.source.platform).toBe('linux/arm64');
    const context = join(outdir, images[0]?.source.directory as string);
    expect(readdirSync(context).sort()).toEqual([...RUNNER_IMAGE_FILES, '.dockerignore'].sort());
    const dockerfile = readFileSync(join(context, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM public\.ecr\.aws\/docker\/library\/node:22-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^EXPOSE 8080$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "\/opt\/bridge\/bridge\.mjs"\]$/m);
  });
});

describe('the runner image', () => {
  it('bundles the real bridge as one ESM file with the createRequire banner the stdio client needs', () => {
    const entry = join(projectRoot, 'functions/src/runner/main.ts');
    const app = testApp();
    const bare = new Stack(app, 'RunnerImage', { env: { region: 'us-east-1', account: '123456789012' } });
    runnerImage(bare, { entry, dockerfile: join(projectRoot, 'functions/src/runner/Dockerfile') });
    const staging = readdirSync(app.outdir).find((name) => name.startsWith('.runner-image-'));
    const bundle = readFileSync(join(app.outdir, staging as string, 'bridge.mjs'), 'utf8');
    expect(bundle.startsWith('import { createRequire as __createRequire }')).toBe(true);
    expect(existsSync(join(app.outdir, staging as string, 'chunks'))).toBe(false);
  });
});

describe('the env file bucket', () => {
  it('is private, encrypted, TLS only, unversioned and expires files after a day', () => {
    expectResource(template, ids.envBucket, {
      Properties: {
        ...PRIVATE_ENCRYPTED_BUCKET,
        LifecycleConfiguration: { Rules: [{ ExpirationInDays: 1, Status: 'Enabled' }] },
        VersioningConfiguration: Match.absent(),
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: ids.envBucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('is all the execution role may read, besides pulling the image and writing logs', () => {
    const s3 = statementsOfRole(ids.executionRole).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('s3:')),
    );
    const bucketArn = getAtt(ids.envBucket, 'Arn');
    expect(s3).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [bucketArn, '/*']] },
      },
      { Effect: 'Allow', Action: 's3:GetBucketLocation', Resource: bucketArn },
    ]);
    const others = statementsOfRole(ids.executionRole).flatMap(actionsOf);
    expect(others.every((action) => /^(s3:Get|ecr:|logs:)/.test(action))).toBe(true);
  });
});

describe('the MCP gateway function', () => {
  it('is the only API function in the VPC: public subnets, its own security group', () => {
    expectResource(template, ids.gatewayFunction, {
      Properties: {
        VpcConfig: Match.exact({
          SecurityGroupIds: [getAtt(ids.gatewaySg, 'GroupId')],
          SubnetIds: idsOf('AWS::EC2::Subnet').map((id) => ({ Ref: id })),
        }),
      },
    });
    const inVpc = idsOf('AWS::Lambda::Function', { Properties: { VpcConfig: Match.anyValue() } });
    expect(inVpc).toEqual([ids.gatewayFunction]);
    expect(API_AREAS).toContain('mcp-gateway');
  });

  it('may not touch ECS or the env files', () => {
    const actions = statementsOfRole(roleIdOf(ids.gatewayFunction)).flatMap(actionsOf);
    expect(actions.filter((action) => /^(ecs|iam|s3):/.test(action))).toEqual([]);
  });
});

describe('the reaper', () => {
  it('runs outside the VPC every minute from an EventBridge Scheduler schedule', () => {
    expectResource(template, ids.reaper, {
      Properties: { VpcConfig: Match.absent(), Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 55 },
    });
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Target: { Arn: getAtt(ids.reaper, 'Arn') },
    });
  });

  it('reads and writes the servers and usage tables', () => {
    const tables = statementsOfRole(roleIdOf(ids.reaper))
      .filter((s) => actionsOf(s).includes('dynamodb:PutItem'))
      .flatMap((s) => [s.Resource].flat())
      .map((resource) => JSON.stringify(resource));
    expect(tables.some((arn) => arn.includes('McpServersTable'))).toBe(true);
    expect(tables.some((arn) => arn.includes('UsageTable'))).toBe(true);
    expect(tables.join()).not.toMatch(/ApiKeysTable|MessagesTable|BillingTable/);
  });

  it('only gets billing records (the plan whose compute hours apply)', () => {
    const billing = statementsOfRole(roleIdOf(ids.reaper)).filter((s) =>
      JSON.stringify(s.Resource).includes('BillingTable'),
    );
    expect(billing.flatMap(actionsOf)).toEqual(['dynamodb:GetItem', 'dynamodb:BatchGetItem']);
  });
});

describe('server control (the mcp area, the reaper, and account deletion)', () => {
  // Account deletion stops a deleted user's servers through the same runner.
  // The automation runner too: a run starts the owner's hosted servers as the chat does.
  const controllers = () => [
    roleIdOf(ids.mcpFunction),
    roleIdOf(ids.reaper),
    roleIdOf(ids.accountFunction),
    roleIdOf(ids.automationRunner),
  ];
  const clusterCondition = () => ({ ArnEquals: { 'ecs:cluster': getAtt(ids.cluster, 'Arn') } });
  const tasksArn = () => ({
    'Fn::Join': [
      '',
      ['arn:', { Ref: 'AWS::Partition' }, ':ecs:us-east-1:123456789012:task/', { Ref: ids.cluster }, '/*'],
    ],
  });

  it('tells both where to run tasks', () => {
    const runtime = stack.mcpRuntime;
    for (const fn of [ids.mcpFunction, ids.reaper]) {
      expectResource(template, fn, {
        Properties: {
          Environment: {
            Variables: {
              [ECS_RUNNER_ENV.clusterArn]: getAtt(ids.cluster, 'Arn'),
              [ECS_RUNNER_ENV.taskDefinitionArn]: { Ref: ids.taskDefinition },
              [ECS_RUNNER_ENV.containerName]: RUNNER_CONTAINER_NAME,
              [ECS_RUNNER_ENV.securityGroupId]: getAtt(ids.taskSg, 'GroupId'),
              [ECS_RUNNER_ENV.envBucket]: { Ref: ids.envBucket },
              [ECS_RUNNER_ENV.subnetIds]: Match.exact(
                stack.resolve(runtime.vpc.selectSubnets(runtime.subnets).subnetIds.join(',')),
              ),
            },
          },
        },
      });
    }
  });

  it('may run only the runner task definition, in the MCP cluster', () => {
    const family = propertiesOf(template, 'AWS::ECS::TaskDefinition', ids.taskDefinition).Family as string;
    for (const role of controllers()) {
      expect(statementsOfRole(role)).toContainEqual({
        Sid: 'RunRunnerTasks',
        Effect: 'Allow',
        Action: 'ecs:RunTask',
        Resource: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, `:ecs:us-east-1:123456789012:task-definition/${family}:*`],
          ],
        },
        Condition: clusterCondition(),
      });
    }
  });

  it("may describe, stop and tag (at RunTask only) the cluster's tasks", () => {
    for (const role of controllers()) {
      const statements = statementsOfRole(role);
      expect(statements).toContainEqual(
        expect.objectContaining({
          Action: ['ecs:DescribeTasks', 'ecs:StopTask'],
          Resource: tasksArn(),
          Condition: clusterCondition(),
        }),
      );
      expect(statements).toContainEqual(
        expect.objectContaining({
          Action: 'ecs:TagResource',
          Resource: tasksArn(),
          Condition: { StringEquals: { 'ecs:CreateAction': 'RunTask' } },
        }),
      );
    }
  });

  it('may pass only the execution role, and only to ECS tasks', () => {
    // (The automation runner also passes the Scheduler's role to EventBridge Scheduler:
    // automations.test.ts checks that one.)
    const iam = allStatements().filter((s) => actionsOf(s).some((a) => a.startsWith('iam:')));
    const toEcs = (s: (typeof iam)[number]) =>
      JSON.stringify(s.Condition ?? {}).includes('ecs-tasks.amazonaws.com');
    const passRole = iam.filter(toEcs);
    const others = iam.filter((s) => !toEcs(s));
    for (const statement of others) {
      expect(statement.Condition).toEqual({
        StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
      });
    }
    expect(passRole.length).toBeGreaterThan(0);
    for (const statement of passRole) {
      expect(actionsOf(statement)).toEqual(['iam:PassRole']);
      expect(statement.Resource).toEqual(getAtt(ids.executionRole, 'Arn'));
      expect(statement.Condition).toEqual({
        StringEquals: { 'iam:PassedToService': 'ecs-tasks.amazonaws.com' },
      });
      expect(controllers()).toEqual(expect.arrayContaining(statement.roles));
    }
  });

  it('may write and delete env files, nothing else of the bucket', () => {
    for (const role of controllers()) {
      const s3 = statementsOfRole(role).filter(
        (s) =>
          actionsOf(s).some((a) => a.startsWith('s3:')) &&
          JSON.stringify(s.Resource).includes(`"${ids.envBucket}"`),
      );
      expect(s3).toEqual([
        expect.objectContaining({
          Action: ['s3:PutObject', 's3:DeleteObject'],
          Resource: { 'Fn::Join': ['', [getAtt(ids.envBucket, 'Arn'), '/*']] },
        }),
      ]);
    }
  });

  it('grants no ecs:* and no ECS action on every resource, to anyone', () => {
    const ecs = allStatements().filter((s) => actionsOf(s).some((a) => a.startsWith('ecs:')));
    expect(ecs.length).toBeGreaterThan(0);
    for (const statement of ecs) {
      expect(actionsOf(statement)).not.toContain('ecs:*');
      expect([statement.Resource].flat()).not.toContain('*');
      expect(controllers()).toEqual(expect.arrayContaining(statement.roles));
    }
  });
});
