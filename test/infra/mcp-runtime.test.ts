import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ECS_RUNNER_ENV } from '../../functions/src/adapters/mcp-runner/ecs-runner-config';
import { API_AREAS } from '../../functions/src/routes';
import { RUNNER_IMAGE_FILES, runnerImage } from '../../lib/constructs/mcp-runner-image';
import { RUNNER_CONTAINER_NAME } from '../../lib/constructs/mcp-runtime';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { projectRoot, synthStack, testApp } from './synth';

interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

interface Resource {
  Type: string;
  Properties: Record<string, unknown> & {
    PolicyDocument?: { Statement: Statement[] };
    Roles?: { Ref: string }[];
  };
}

let stack: AgentForgeStack;
let resources: Record<string, Resource>;
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
  gatewayFunction: string;
};

beforeAll(() => {
  let template: Template;
  ({ stack, template } = synthStack());
  resources = template.toJSON().Resources;
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
    gatewayFunction: idOf(stack.api.functions['mcp-gateway'].function),
  };
}, 120_000);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const props = (id: string) => {
  const found = resources[id];
  if (!found) throw new Error(`no resource ${id}`);
  return found.Properties;
};
const getAtt = (id: string, attribute: string) => ({ 'Fn::GetAtt': [id, attribute] });
const actionsOf = (statement: Statement) => [statement.Action].flat();
const roleIdOf = (functionId: string) =>
  (props(functionId).Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];

/** Every Allow statement of the identity policies attached to a role. */
function statementsOfRole(roleId: string): Statement[] {
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles?.some((role) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument?.Statement ?? []);
}

/** Every statement of every identity policy, with the roles it is attached to. */
function allStatements(): (Statement & { roles: string[] })[] {
  return ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
    (policy.Properties.PolicyDocument?.Statement ?? []).map((statement) => ({
      ...statement,
      roles: (policy.Properties.Roles ?? []).map((role) => role.Ref),
    })),
  );
}

describe('the MCP runtime network', () => {
  it('is one VPC with public subnets only in two AZs and no NAT gateway', () => {
    expect(ofType('AWS::EC2::VPC').map(([id]) => id)).toEqual([ids.vpc]);
    expect(ofType('AWS::EC2::NatGateway')).toHaveLength(0);
    const subnets = ofType('AWS::EC2::Subnet').map(([, subnet]) => subnet.Properties);
    expect(subnets).toHaveLength(2);
    expect(new Set(subnets.map((subnet) => JSON.stringify(subnet.AvailabilityZone))).size).toBe(2);
    for (const subnet of subnets) expect(subnet.MapPublicIpOnLaunch).toBe(true);
    // Every route leaves through the internet gateway: nothing is private, nothing needs a NAT.
    for (const [, route] of ofType('AWS::EC2::Route')) {
      expect(route.Properties).toHaveProperty('GatewayId');
      expect(route.Properties).not.toHaveProperty('NatGatewayId');
    }
  });

  it('reaches DynamoDB through a gateway endpoint on every route table', () => {
    const endpoints = ofType('AWS::EC2::VPCEndpoint').map(([, endpoint]) => endpoint.Properties);
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({
      VpcEndpointType: 'Gateway',
      VpcId: { Ref: ids.vpc },
      ServiceName: { 'Fn::Join': ['', ['com.amazonaws.', { Ref: 'AWS::Region' }, '.dynamodb']] },
    });
    const routeTables = ofType('AWS::EC2::RouteTable').map(([id]) => ({ Ref: id }));
    expect(endpoints[0]?.RouteTableIds).toEqual(expect.arrayContaining(routeTables));
    expect(endpoints[0]?.RouteTableIds).toHaveLength(routeTables.length);
  });

  it("admits into the tasks only the gateway's security group, on the bridge port", () => {
    const taskSgRef = getAtt(ids.taskSg, 'GroupId');
    expect(props(ids.taskSg)).not.toHaveProperty('SecurityGroupIngress');
    const ingress = ofType('AWS::EC2::SecurityGroupIngress').filter(
      ([, rule]) => JSON.stringify(rule.Properties.GroupId) === JSON.stringify(taskSgRef),
    );
    expect(ingress.map(([, rule]) => rule.Properties)).toEqual([
      expect.objectContaining({
        IpProtocol: 'tcp',
        FromPort: 8080,
        ToPort: 8080,
        SourceSecurityGroupId: getAtt(ids.gatewaySg, 'GroupId'),
      }),
    ]);
    // No rule anywhere opens the tasks to an address range.
    expect(JSON.stringify(ingress)).not.toMatch(/CidrIp/);
  });

  it('lets the gateway out only to the bridge port of the tasks and to HTTPS', () => {
    expect(props(ids.gatewaySg).SecurityGroupEgress).toEqual([
      expect.objectContaining({ CidrIp: '0.0.0.0/0', IpProtocol: 'tcp', FromPort: 443, ToPort: 443 }),
    ]);
    const egress = ofType('AWS::EC2::SecurityGroupEgress').filter(
      ([, rule]) =>
        JSON.stringify(rule.Properties.GroupId) === JSON.stringify(getAtt(ids.gatewaySg, 'GroupId')),
    );
    expect(egress.map(([, rule]) => rule.Properties)).toEqual([
      expect.objectContaining({
        FromPort: 8080,
        ToPort: 8080,
        DestinationSecurityGroupId: getAtt(ids.taskSg, 'GroupId'),
      }),
    ]);
  });
});

describe('the runner task definition', () => {
  it('is Fargate on ARM64 with 0.5 vCPU and 1 GB, an execution role and no task role', () => {
    const task = props(ids.taskDefinition);
    expect(task).toMatchObject({
      RequiresCompatibilities: ['FARGATE'],
      NetworkMode: 'awsvpc',
      RuntimePlatform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
      Cpu: '512',
      Memory: '1024',
      ExecutionRoleArn: getAtt(ids.executionRole, 'Arn'),
    });
    expect(task).not.toHaveProperty('TaskRoleArn');
    // The only role ECS tasks may assume is the execution role.
    const ecsTaskRoles = ofType('AWS::IAM::Role').filter(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('ecs-tasks.amazonaws.com'),
    );
    expect(ecsTaskRoles.map(([id]) => id)).toEqual([ids.executionRole]);
  });

  it('runs the bridge container with a node health check on /healthz', () => {
    const [container, ...others] = props(ids.taskDefinition).ContainerDefinitions as Record<
      string,
      unknown
    >[];
    expect(others).toHaveLength(0);
    expect(container).toMatchObject({
      Name: RUNNER_CONTAINER_NAME,
      Essential: true,
      PortMappings: [{ ContainerPort: 8080, Protocol: 'tcp' }],
      HealthCheck: {
        Command: ['CMD', 'node', '-e', expect.stringContaining("'http://127.0.0.1:8080/healthz'")],
        Interval: 15,
        Timeout: 5,
        Retries: 3,
        StartPeriod: 60,
      },
      LogConfiguration: { LogDriver: 'awslogs' },
    });
    const logging = container?.LogConfiguration as { Options?: Record<string, { Ref: string }> } | undefined;
    expect(props(logging?.Options?.['awslogs-group']?.Ref as string).RetentionInDays).toBe(30);
  });

  it('has no secret in its static environment: only the port and host', () => {
    const [container] = props(ids.taskDefinition).ContainerDefinitions as Record<string, unknown>[];
    expect(container?.Environment).toEqual([
      { Name: 'PORT', Value: '8080' },
      { Name: 'HOST', Value: '0.0.0.0' },
    ]);
    expect(container).not.toHaveProperty('Secrets');
    expect(container).not.toHaveProperty('EnvironmentFiles');
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
    const bucket = props(ids.envBucket);
    expect(bucket).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: {
        Rules: [expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' })],
      },
    });
    expect(bucket).not.toHaveProperty('VersioningConfiguration');
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(
      ([, p]) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: ids.envBucket }),
    ) ?? [undefined, undefined];
    expect(policy?.Properties.PolicyDocument?.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
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
    expect(props(ids.gatewayFunction).VpcConfig).toEqual({
      SecurityGroupIds: [getAtt(ids.gatewaySg, 'GroupId')],
      SubnetIds: ofType('AWS::EC2::Subnet').map(([id]) => ({ Ref: id })),
    });
    const inVpc = ofType('AWS::Lambda::Function').filter(([, fn]) => fn.Properties.VpcConfig);
    expect(inVpc.map(([id]) => id)).toEqual([ids.gatewayFunction]);
    expect(API_AREAS).toContain('mcp-gateway');
  });

  it('may not touch ECS or the env files', () => {
    const actions = statementsOfRole(roleIdOf(ids.gatewayFunction)).flatMap(actionsOf);
    expect(actions.filter((action) => /^(ecs|iam|s3):/.test(action))).toEqual([]);
  });
});

describe('the reaper', () => {
  it('runs outside the VPC every minute from an EventBridge Scheduler schedule', () => {
    expect(props(ids.reaper)).not.toHaveProperty('VpcConfig');
    expect(props(ids.reaper)).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 55 });
    const schedules = ofType('AWS::Scheduler::Schedule').map(([, schedule]) => schedule.Properties);
    expect(schedules).toEqual([
      expect.objectContaining({
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Target: expect.objectContaining({ Arn: getAtt(ids.reaper, 'Arn') }),
      }),
    ]);
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
});

describe('server control (the mcp area and the reaper)', () => {
  const controllers = () => [roleIdOf(ids.mcpFunction), roleIdOf(ids.reaper)];
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
      const variables = (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({
        [ECS_RUNNER_ENV.clusterArn]: getAtt(ids.cluster, 'Arn'),
        [ECS_RUNNER_ENV.taskDefinitionArn]: { Ref: ids.taskDefinition },
        [ECS_RUNNER_ENV.containerName]: RUNNER_CONTAINER_NAME,
        [ECS_RUNNER_ENV.securityGroupId]: getAtt(ids.taskSg, 'GroupId'),
        [ECS_RUNNER_ENV.envBucket]: { Ref: ids.envBucket },
      });
      expect(variables[ECS_RUNNER_ENV.subnetIds]).toEqual(
        stack.resolve(runtime.vpc.selectSubnets(runtime.subnets).subnetIds.join(',')),
      );
    }
  });

  it('may run only the runner task definition, in the MCP cluster', () => {
    const family = props(ids.taskDefinition).Family as string;
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
    const passRole = allStatements().filter((s) => actionsOf(s).some((a) => a.startsWith('iam:')));
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
      const s3 = statementsOfRole(role).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
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
