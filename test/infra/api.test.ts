import { Capture, Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnLogGroup } from 'aws-cdk-lib/aws-logs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS, tableEnvVar } from '../../functions/src/adapters/dynamodb/table-definitions';
import { API_AREAS, API_BASE_PATH, ROUTES } from '../../functions/src/routes';
import { API_STAGE_NAME } from '../../lib/constructs/api';
import { tableLogicalId } from '../../lib/constructs/data';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { methodsByRoute } from './api-methods';
import { expectResource, passedIn, synthStack } from './synth';

/** Stream routes are Function URLs behind CloudFront, not API Gateway methods. */
const API_ROUTES = ROUTES.filter((route) => route.transport !== 'stream');

let stack: AgentForgeStack;
/** The stage stack's template: the area functions. */
let template: Template;
/** The API's nested stack's template: everything API Gateway. */
let apiTemplate: Template;
let methods: Map<string, Record<string, unknown>>;

beforeAll(() => {
  ({ stack, template, apiTemplate } = synthStack());
  methods = methodsByRoute(apiTemplate);
}, 120_000);

describe('the REST API', () => {
  it('takes only callers with its key: every method but the preflights requires it, one key in one plan', () => {
    for (const route of API_ROUTES) {
      expect(methods.get(`${route.method} ${API_BASE_PATH}${route.path}`)).toMatchObject({
        ApiKeyRequired: true,
      });
    }
    apiTemplate.resourceCountIs('AWS::ApiGateway::ApiKey', 1);
    apiTemplate.resourceCountIs('AWS::ApiGateway::UsagePlanKey', 1);
    apiTemplate.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      ApiStages: [Match.objectLike({ Stage: Match.anyValue() })],
      Throttle: Match.absent(),
      Quota: Match.absent(),
    });
    // The key's value is the generated secret's, resolved at deploy time, never in a template.
    const value = JSON.stringify(apiTemplate.findResources('AWS::ApiGateway::ApiKey'));
    expect(value).toContain('{{resolve:secretsmanager:');
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48, ExcludePunctuation: true }),
    });
    // CloudFront sends it to the API, the stream functions with their own calls.
    const distribution = JSON.stringify(template.findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toContain('"HeaderName":"x-api-key"');
    expect(distribution).toContain('{{resolve:secretsmanager:');
    const streams = Object.values(
      template.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('^AgentForge stream ') },
      }),
    ) as { Properties: { Environment: { Variables: Record<string, unknown> } } }[];
    expect(streams.length).toBeGreaterThan(0);
    for (const fn of streams)
      expect(JSON.stringify(fn.Properties.Environment.Variables.API_ORIGIN_KEY)).toContain(
        '{{resolve:secretsmanager:',
      );
  });

  it('has a method for every buffered route of the manifest, under the API base path', () => {
    for (const route of API_ROUTES) {
      expect(methods.has(`${route.method} ${API_BASE_PATH}${route.path}`)).toBe(true);
    }
  });

  it('protects every cognito route with the Cognito user-pools authorizer', () => {
    const authorizerId = stack.api.gateway.resolve(stack.api.authorizer.authorizerId);
    for (const route of API_ROUTES.filter((r) => r.auth === 'cognito')) {
      expect(methods.get(`${route.method} ${API_BASE_PATH}${route.path}`)).toMatchObject({
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: authorizerId,
      });
    }
  });

  it('protects every automation route with the automation authorizer (a Lambda REQUEST authorizer)', () => {
    const [authorizerId, ...others] = Object.keys(
      apiTemplate.findResources('AWS::ApiGateway::Authorizer', { Properties: { Type: 'REQUEST' } }),
    );
    expect(others).toEqual([]);
    const automationRoutes = API_ROUTES.filter((r) => r.auth === 'automation');
    expect(automationRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/mcp-automation/{serverId}', '/mcp-automation/{serverId}/calls']),
    );
    for (const route of automationRoutes) {
      expect(methods.get(`${route.method} ${API_BASE_PATH}${route.path}`)).toMatchObject({
        AuthorizationType: 'CUSTOM',
        AuthorizerId: { Ref: authorizerId },
      });
    }
  });

  it('leaves public routes without an authorizer', () => {
    for (const route of API_ROUTES.filter((r) => r.auth === 'public')) {
      const method = methods.get(`${route.method} ${API_BASE_PATH}${route.path}`);
      expect(method).toMatchObject({ AuthorizationType: 'NONE' });
      expect(method).not.toHaveProperty('AuthorizerId');
    }
  });

  it('trusts the stage user pool in its authorizer', () => {
    const providers = new Capture();
    apiTemplate.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      ProviderARNs: providers,
    });
    expect(providers.asArray().map((arn) => passedIn(template, arn))).toEqual([
      { 'Fn::GetAtt': ['UserPool', 'Arn'] },
    ]);
  });

  it('deploys a regional endpoint to the api stage with throttling and JSON access logs', () => {
    apiTemplate.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    apiTemplate.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: API_STAGE_NAME,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"requestId"') },
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 100,
          ThrottlingBurstLimit: 200,
        }),
      ]),
    });
  });

  it('answers CORS preflights for the local dev origin and the configured origins only', () => {
    apiTemplate.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'OPTIONS',
      Integration: {
        IntegrationResponses: Match.arrayWith([
          Match.objectLike({
            ResponseParameters: Match.objectLike({
              'method.response.header.Access-Control-Allow-Origin': "'http://localhost:5173'",
            }),
            ResponseTemplates: {
              'application/json': Match.stringLikeRegexp('https://app.example.com'),
            },
          }),
        ]),
      },
    });
  });

  it('lets API Gateway invoke each area function through one permission', () => {
    const apiPermissions = Object.values(
      apiTemplate.findResources('AWS::Lambda::Permission', {
        Properties: { Principal: 'apigateway.amazonaws.com' },
      }),
    ) as { Properties: { FunctionName: unknown } }[];
    const functions = apiPermissions.map((permission) =>
      passedIn(template, permission.Properties.FunctionName),
    );
    expect(functions).toHaveLength(API_AREAS.length);
    expect(functions).toEqual(
      expect.arrayContaining(
        API_AREAS.map((area) => ({
          'Fn::GetAtt': [
            stack.getLogicalId(stack.api.functions[area].function.node.defaultChild as CfnFunction),
            'Arn',
          ],
        })),
      ),
    );
    // In the stage's stack, only the automation authorizer's (CDK puts a Lambda authorizer's
    // permission beside its function), for that authorizer only.
    const stagePermissions = Object.values(
      template.findResources('AWS::Lambda::Permission', {
        Properties: { Principal: 'apigateway.amazonaws.com' },
      }),
    ) as { Properties: { FunctionName: unknown; SourceArn: unknown } }[];
    expect(stagePermissions.map((permission) => permission.Properties.FunctionName)).toEqual([
      {
        'Fn::GetAtt': [
          stack.getLogicalId(stack.api.automationAuthorizer?.function.node.defaultChild as CfnFunction),
          'Arn',
        ],
      },
    ]);
    expect(JSON.stringify(stagePermissions[0]?.Properties.SourceArn)).toMatch(/authorizers/);
  });

  it('is in a nested stack, given only the area and authorizer functions’ ARNs, the user pool’s and its key’s secret', () => {
    const parameters = Object.values(
      template.findResources('AWS::CloudFormation::Stack') as Record<
        string,
        { Properties: { Parameters: Record<string, unknown> } }
      >,
    ).flatMap((nested) => Object.values(nested.Properties.Parameters));
    expect(parameters).toHaveLength(API_AREAS.length + 3);
    const [secret, ...arns] = [...parameters].sort((a) =>
      JSON.stringify(a).includes('ApiOriginKey') ? -1 : 1,
    );
    expect(secret).toEqual({ Ref: expect.stringMatching(/^ApiOriginKey\w+$/) });
    for (const value of arns) {
      expect(value).toEqual({
        'Fn::GetAtt': [expect.stringMatching(/^(Api\w+Function\w+|UserPool)$/), 'Arn'],
      });
    }
    template.resourceCountIs('AWS::ApiGateway::Method', 0);
    template.resourceCountIs('AWS::ApiGateway::RestApi', 0);
  });
});

describe('the area functions', () => {
  it('are one per API area', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('API \\(test\\)$') },
    });
    expect(Object.keys(functions)).toHaveLength(API_AREAS.length);
  });

  it('run Node.js 22 on ARM64 from an ESM bundle with source maps enabled', () => {
    for (const area of API_AREAS) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `AgentForge ${area} API (test)`,
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Environment: {
          Variables: Match.objectLike({
            NODE_OPTIONS: '--enable-source-maps',
            STAGE: 'test',
            RUNTIME: 'aws',
            ALLOWED_ORIGINS: 'http://localhost:5173,https://app.example.com',
            WHITELISTED_EMAILS: 'vip@example.com',
          }),
        },
      });
    }
  });

  it('log to their own log group kept for one month', () => {
    const logGroup = stack.api.functions.users.logGroup;
    const logGroupId = stack.getLogicalId(logGroup.node.defaultChild as CfnLogGroup);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'AgentForge users API (test)',
      LoggingConfig: { LogGroup: { Ref: logGroupId } },
    });
    expectResource(template, logGroupId, { Properties: { RetentionInDays: 30 } });
  });

  it('know the name of every table, which the function environment requires', () => {
    const variables = Object.fromEntries(
      TABLE_IDS.map((id) => [tableEnvVar(id), { Ref: tableLogicalId(id) }]),
    );
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'AgentForge users API (test)',
      Environment: { Variables: Match.objectLike(variables) },
    });
  });

  it('may read and write only the tables of their area', () => {
    const statements = new Capture();
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: Match.stringLikeRegexp('UsersFunction') }],
      PolicyDocument: { Statement: statements },
    });
    const resources = (statements.asArray() as { Resource: unknown }[]).flatMap((s) => [s.Resource].flat());
    expect(resources).toContainEqual({ 'Fn::GetAtt': ['UsersTable', 'Arn'] });
    expect(JSON.stringify(resources)).not.toMatch(/ConversationsTable|MessagesTable/);
    // The billing table only for the caller's own items by key (the stream pass, memory): no put,
    // delete or query.
    const billing = (statements.asArray() as { Action: unknown; Resource: unknown }[]).filter((s) =>
      JSON.stringify(s.Resource).includes('BillingTable'),
    );
    expect(billing.map((s) => s.Action)).toEqual([
      ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem'],
    ]);
    expect(statements.asArray()).toContainEqual(
      expect.objectContaining({ Action: expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem']) }),
    );
  });
});
