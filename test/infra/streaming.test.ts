import { Capture, Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  TABLE_IDS,
  type TableId,
  tableEnvVar,
} from '../../functions/src/adapters/dynamodb/table-definitions';
import { API_BASE_PATH, ROUTES } from '../../functions/src/routes';
import { tableLogicalId } from '../../lib/constructs/data';
import { SECRETS_KEY_ENV_VAR, SECRETS_KEY_LOGICAL_ID } from '../../lib/constructs/secrets';
import { STREAM_PATH } from '../../lib/constructs/web-hosting';
import { parseStageConfig } from '../../lib/stage-config';
import { expectResource, propertiesOf, synthStack, testStageConfig } from './synth';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ACCOUNT = '123456789012';
const DYNAMODB_WRITE = 'dynamodb:PutItem';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}

let template: Template;
/** Logical ids of the stream function, its role and its Function URL. */
let streamFn: string;
let streamRole: string;
let streamUrl: string;

beforeAll(() => {
  ({ template } = synthStack());
  streamFn = onlyId(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: 'AgentForge stream messages/generate-stream (test)' },
    }),
  );
  streamRole = (
    propertiesOf(template, 'AWS::Lambda::Function', streamFn).Role as { 'Fn::GetAtt': [string, string] }
  )['Fn::GetAtt'][0];
  streamUrl = onlyId(
    template.findResources('AWS::Lambda::Url', {
      Properties: { TargetFunctionArn: { 'Fn::GetAtt': [streamFn, 'Arn'] } },
    }),
  );
}, 120_000);

function onlyId(found: Record<string, unknown>): string {
  const ids = Object.keys(found);
  expect(ids).toHaveLength(1);
  return ids[0] as string;
}

/** An ARN or other joined string with the pseudo parameters filled in as on AWS in the test account. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = value as Record<string, unknown>;
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map(flatten).join(separator);
  }
  const pseudo: Record<string, string> = {
    'AWS::Partition': 'aws',
    'AWS::AccountId': ACCOUNT,
    'AWS::Region': 'us-east-1',
  };
  const ref = object.Ref as string | undefined;
  if (ref) return pseudo[ref] ?? `<${ref}>`;
  return JSON.stringify(value);
}

const actionsOf = (statement: Statement) => [statement.Action].flat();

/** Every statement of every IAM policy attached to a role. */
function statementsOf(role: string): Statement[] {
  return statementsOfIn(template, role);
}

function statementsOfIn(tpl: Template, role: string): Statement[] {
  const policies = tpl.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.exact([{ Ref: role }]) },
  }) as Record<string, Resource>;
  return Object.values(policies).flatMap(
    (policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
  );
}

function distributionConfig(): {
  CacheBehaviors: { PathPattern: string; TargetOriginId: string; [key: string]: unknown }[];
  Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
} {
  const config = new Capture();
  template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: config });
  return config.asObject() as ReturnType<typeof distributionConfig>;
}

function streamBehaviour(config = distributionConfig()) {
  const behaviour = config.CacheBehaviors.find((b) => b.PathPattern === STREAM_PATH);
  if (!behaviour) throw new Error(`no cache behaviour for ${STREAM_PATH}`);
  return behaviour;
}

describe('the stream function', () => {
  it('exists for every stream route of the manifest and for the web app stream URL', () => {
    const streamRoutes = ROUTES.filter((route) => route.transport === 'stream');
    expect(streamRoutes.map((route) => `${API_BASE_PATH}${route.path}`)).toContain(STREAM_PATH);
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^AgentForge stream ') },
    });
    expect(Object.keys(functions)).toHaveLength(streamRoutes.length);
  });

  it('runs Node.js 24 on ARM64 with 1 GB and 15 minutes, outside any VPC', () => {
    expectResource(template, streamFn, {
      Properties: {
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 1024,
        Timeout: 900,
        VpcConfig: Match.absent(),
      },
    });
  });

  it('knows every table, the user pool, the secrets key, the API base and that Bedrock is on', () => {
    const apiBaseUrl = new Capture();
    expectResource(template, streamFn, {
      Properties: {
        Environment: {
          Variables: {
            ...Object.fromEntries(
              TABLE_IDS.map((id) => [tableEnvVar(id), Match.exact({ Ref: tableLogicalId(id) })]),
            ),
            STAGE: 'test',
            RUNTIME: 'aws',
            BEDROCK_ENABLED: 'true',
            // Well inside the 15-minute timeout: the reply is saved and the stream ended properly.
            MAX_STREAM_SECONDS: '600',
            // Users' endpoints may not be private addresses unless the stage says so.
            ALLOW_PRIVATE_ENDPOINTS: 'false',
            USER_POOL_ID: { Ref: 'UserPool' },
            [SECRETS_KEY_ENV_VAR]: { 'Fn::GetAtt': [SECRETS_KEY_LOGICAL_ID, 'Arn'] },
          },
        },
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'AgentForge stream messages/generate-stream (test)',
      Environment: { Variables: { API_BASE_URL: apiBaseUrl } },
    });
    // The API's own URL (through the stage), where the chat starts MCP servers and calls their tools.
    expect(JSON.stringify(apiBaseUrl.asObject())).toMatch(/execute-api.*\/api/);
  });

  it('ends streams after the stage’s maximum, which must leave time before the timeout', () => {
    const config = parseStageConfig({ ...testStageConfig, maxStreamSeconds: 300 });
    synthStack({ config }).template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'AgentForge stream messages/generate-stream (test)',
      Environment: { Variables: Match.objectLike({ MAX_STREAM_SECONDS: '300' }) },
    });
    expect(() => parseStageConfig({ ...testStageConfig, maxStreamSeconds: 900 })).toThrow(/maxStreamSeconds/);
  });

  it('has a Function URL that streams and requires IAM (CloudFront signs with OAC)', () => {
    expectResource(template, streamUrl, {
      Properties: { AuthType: 'AWS_IAM', InvokeMode: 'RESPONSE_STREAM', Cors: Match.absent() },
    });
  });

  it('is named in the stack outputs', () => {
    template.hasOutput('StreamFunctionName', { Value: { Ref: streamFn } });
  });
});

describe('the stream behaviour of the distribution', () => {
  it('comes before /api/*, which would otherwise match the stream path', () => {
    const paths = distributionConfig().CacheBehaviors.map((behaviour) => behaviour.PathPattern);
    expect(paths).toContain(STREAM_PATH);
    expect(paths).toContain(`${API_BASE_PATH}/*`);
    expect(paths.indexOf(STREAM_PATH)).toBeLessThan(paths.indexOf(`${API_BASE_PATH}/*`));
  });

  it('is uncached, uncompressed, HTTPS only and read-only', () => {
    const behaviour = streamBehaviour();
    expect(behaviour).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      Compress: false,
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS'],
    });
  });

  it("targets the stream function's URL through a Lambda origin access control", () => {
    const config = distributionConfig();
    const behaviour = streamBehaviour(config);
    const origin = config.Origins.find((o) => o.Id === behaviour.TargetOriginId);
    if (!origin) throw new Error('the stream behaviour has no origin');
    expect(JSON.stringify(origin.DomainName)).toContain(
      JSON.stringify({ 'Fn::GetAtt': [streamUrl, 'FunctionUrl'] }),
    );
    const [oacId] = (origin.OriginAccessControlId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    expectResource(template, oacId, {
      Type: 'AWS::CloudFront::OriginAccessControl',
      Properties: {
        OriginAccessControlConfig: {
          OriginAccessControlOriginType: 'lambda',
          SigningBehavior: 'always',
          SigningProtocol: 'sigv4',
        },
      },
    });
  });

  it('forwards the query string and X-Id-Token, but neither Authorization nor Host', () => {
    const behaviour = streamBehaviour();
    const policyId = (behaviour.OriginRequestPolicyId as { Ref: string }).Ref;
    // Exactly X-Id-Token: so neither Authorization (OAC signs it) nor Host (the Function URL's own).
    expectResource(template, policyId, {
      Type: 'AWS::CloudFront::OriginRequestPolicy',
      Properties: {
        OriginRequestPolicyConfig: {
          HeadersConfig: Match.exact({
            HeaderBehavior: 'whitelist',
            Headers: ['X-Id-Token', 'User-Agent', 'CloudFront-Viewer-Address'],
          }),
          QueryStringsConfig: { QueryStringBehavior: 'all' },
          CookiesConfig: { CookieBehavior: 'none' },
        },
      },
    });
  });

  it('lets only this distribution invoke the function, through its URL and as a function', () => {
    const distribution = onlyId(template.findResources('AWS::CloudFront::Distribution'));
    const fromCloudFront = Object.values(
      template.findResources('AWS::Lambda::Permission', {
        Properties: { Principal: 'cloudfront.amazonaws.com' },
      }),
    ).map((permission) => (permission as Resource).Properties);
    // Two per stream function; these are the chat stream's.
    expect(fromCloudFront).toHaveLength(2 * ROUTES.filter((route) => route.transport === 'stream').length);
    const permissions = fromCloudFront.filter((permission) =>
      JSON.stringify(permission.FunctionName).includes(streamUrl),
    );
    expect(permissions.map((permission) => permission.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const permission of fromCloudFront) {
      expect(flatten(permission.SourceArn)).toBe(
        `arn:aws:cloudfront::${ACCOUNT}:distribution/<${distribution}>`,
      );
    }
    expect(permissions.find((p) => p.Action === 'lambda:InvokeFunction')?.InvokedViaFunctionUrl).toBe(true);
  });
});

describe('the stream function permissions', () => {
  const bedrockStatements = (tpl: Template, role: string, actionPrefix = 'bedrock:') =>
    statementsOfIn(tpl, role).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith(actionPrefix)),
    );
  const US_REGIONS = ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'];

  it('list the account’s models and profiles, and without an allow-list invoke any of them in the region’s profile regions (and the platform’s embedding models, knowledge’s search)', () => {
    const bedrock = bedrockStatements(template, streamRole);
    expect(bedrock).toHaveLength(3);
    const [list, invoke, embed] = bedrock as [Statement, Statement, Statement];
    expect(actionsOf(embed)).toEqual(['bedrock:InvokeModel']);
    expect(
      [embed.Resource]
        .flat()
        .map(flatten)
        .every((arn) =>
          /^arn:aws:bedrock:us-east-1::foundation-model\/(amazon\.titan-embed|cohere\.embed)/.test(arn),
        ),
    ).toBe(true);
    expect(list).toMatchObject({
      Effect: 'Allow',
      Action: ['bedrock:ListFoundationModels', 'bedrock:ListInferenceProfiles'],
      Resource: '*',
    });
    expect(actionsOf(invoke)).toEqual(['bedrock:InvokeModelWithResponseStream']);
    expect([invoke.Resource].flat().map(flatten).sort()).toEqual(
      [
        `arn:aws:bedrock:us-east-1:${ACCOUNT}:inference-profile/*`,
        ...US_REGIONS.map((region) => `arn:aws:bedrock:${region}::foundation-model/*`),
      ].sort(),
    );
  });

  it('with the stage’s allow-list invoke exactly its models and profiles (the profiles’ models in their regions), in its region', () => {
    const models = ['mistral.mistral-large-2407-v1:0', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'];
    const scoped = synthStack({
      config: parseStageConfig({ ...testStageConfig, bedrock: { region: 'us-west-2', models } }),
    }).template;
    const [, invoke] = bedrockStatements(scoped, streamRole) as [Statement, Statement];
    expect([invoke.Resource].flat().map(flatten).sort()).toEqual(
      [
        'arn:aws:bedrock:us-west-2::foundation-model/mistral.mistral-large-2407-v1:0',
        `arn:aws:bedrock:us-west-2:${ACCOUNT}:inference-profile/us.anthropic.claude-haiku-4-5-20251001-v1:0`,
        ...US_REGIONS.map(
          (region) => `arn:aws:bedrock:${region}::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0`,
        ),
      ].sort(),
    );
    expect(propertiesOf(scoped, 'AWS::Lambda::Function', streamFn).Environment).toMatchObject({
      Variables: { BEDROCK_REGION: 'us-west-2', BEDROCK_MODELS: models.join(',') },
    });
  });

  it('subscribe to Marketplace models (Bedrock does, as the caller, on first use), by product id when the stage lists them', () => {
    const marketplace = (role: string, tpl: Template) =>
      statementsOfIn(tpl, role).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('aws-marketplace:')),
      );
    expect(marketplace(streamRole, template)).toEqual([
      {
        Effect: 'Allow',
        Action: ['aws-marketplace:Subscribe', 'aws-marketplace:Unsubscribe'],
        Resource: '*',
        Sid: 'SubscribeToBedrockModels',
      },
      {
        Effect: 'Allow',
        Action: 'aws-marketplace:ViewSubscriptions',
        Resource: '*',
        Sid: 'ViewModelSubscriptions',
      },
    ]);
    const scoped = synthStack({
      config: parseStageConfig({ ...testStageConfig, bedrockMarketplaceProductIds: ['prod-abc123'] }),
    }).template;
    expect(marketplace(streamRole, scoped)[0]).toMatchObject({
      Condition: { 'ForAnyValue:StringEquals': { 'aws-marketplace:ProductId': ['prod-abc123'] } },
    });
  });

  it('never pair a Bedrock action but the two list actions with Resource "*"', () => {
    for (const statement of statementsOf(streamRole)) {
      if (actionsOf(statement).some((action) => action.startsWith('bedrock:Invoke'))) {
        expect([statement.Resource].flat()).not.toContain('*');
      }
    }
  });

  it('are the only Bedrock model grants in the stack with the automation runner’s, besides the api-keys function’s list and knowledge’s embedding models', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    const withBedrock = Object.values(policies).filter((policy) =>
      JSON.stringify(policy).includes('bedrock:'),
    );
    const roleOf = (fn: unknown) => [
      { Ref: ((fn as Resource).Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0] },
    ];
    const streamRoles = Object.values(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('^AgentForge stream ') },
      }),
    ).map(roleOf);
    // An automation run is the chat's tool loop unattended: the same model grants.
    const runnerRoles = Object.values(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('^AgentForge automation runner') },
      }),
    ).map(roleOf);
    expect(runnerRoles).toHaveLength(1);
    const chatting = withBedrock.filter((policy) =>
      JSON.stringify(policy).includes('bedrock:InvokeModelWithResponseStream'),
    );
    expect(chatting.map((policy) => (policy as Resource).Properties.Roles)).toEqual(
      expect.arrayContaining([...streamRoles, ...runnerRoles]),
    );
    expect(chatting).toHaveLength(streamRoles.length + runnerRoles.length);
    const others = withBedrock.filter((policy) => !chatting.includes(policy));
    // The api-keys function lists the models; knowledge's area and indexer embed with Titan/Cohere.
    expect(others).toHaveLength(3);
    expect(JSON.stringify(others)).toMatch(
      /"Action":\["bedrock:ListFoundationModels","bedrock:ListInferenceProfiles"\]/,
    );
    for (const policy of others.filter((p) => JSON.stringify(p).includes('bedrock:InvokeModel'))) {
      expect(JSON.stringify(policy)).toMatch(/embed/);
    }
    expect(streamRoles).toContainEqual([{ Ref: streamRole }]);
  });

  it('read and write conversations, messages, agent plans, usage and OAuth connections, only read API keys, billing records, MCP server records, knowledge items and team roles (by key), and touch no other table', () => {
    const tableStatements = statementsOf(streamRole).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('dynamodb:')),
    );
    const tablesOf = (filter: (statement: Statement) => boolean) =>
      [
        ...new Set(
          tableStatements
            .filter(filter)
            .flatMap((statement) => [statement.Resource].flat())
            // Tables by their ARN; index ARNs (Fn::Join of a table ARN and /index/*) add no table.
            .flatMap(
              (resource) => (resource as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0] ?? [],
            ),
        ),
      ].sort();
    const logicalIds = (...ids: TableId[]) => ids.map(tableLogicalId).sort();
    expect(tablesOf(() => true)).toEqual(
      logicalIds(
        'conversations',
        'messages',
        'agentPlans',
        'usage',
        'oauthConnections',
        'apiKeys',
        'billing',
        'mcpServers',
        'knowledge',
        'teams',
      ),
    );
    // The plan, a remote MCP server's record, the attached collections' items (search_knowledge)
    // and a member's role in a collection's team are read by key (gets side by side in one batch).
    for (const table of ['billing', 'mcpServers', 'knowledge', 'teams'] as const) {
      expect(
        tableStatements.filter((statement) =>
          JSON.stringify(statement.Resource).includes(tableLogicalId(table)),
        ),
      ).toEqual([expect.objectContaining({ Action: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'] })]);
    }
    // A remote MCP server's OAuth tokens are refreshed under a lease (UpdateItem) by the stream.
    expect(tablesOf((statement) => actionsOf(statement).includes(DYNAMODB_WRITE))).toEqual(
      logicalIds('conversations', 'messages', 'agentPlans', 'usage', 'oauthConnections'),
    );
  });

  // Encrypt since the OAuth client: a refreshed remote MCP token is stored encrypted.
  it('decrypt and encrypt with the secrets key, nothing else of KMS', () => {
    const kms = statementsOf(streamRole).filter((statement) =>
      actionsOf(statement).some((action) => action.startsWith('kms:')),
    );
    expect(kms).toEqual([
      {
        Effect: 'Allow',
        Action: ['kms:Encrypt', 'kms:Decrypt'],
        Resource: { 'Fn::GetAtt': [SECRETS_KEY_LOGICAL_ID, 'Arn'] },
      },
    ]);
  });
});
