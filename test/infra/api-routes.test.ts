import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../functions/src/routes';
import { Api } from '../../lib/constructs/api';
import { methodsByRoute } from './api-methods';
import { apiTemplateOf, fixtureHandler, testApp } from './synth';

// The manifest may have no public route yet: this suite feeds the construct its own routes.
const routes: RouteDefinition[] = [
  { method: 'GET', path: '/user', area: 'users', handler: 'get-user', auth: 'cognito' },
  { method: 'POST', path: '/billing/webhook', area: 'users', handler: 'webhook', auth: 'public' },
  { method: 'DELETE', path: '/conversations/{id}', area: 'users', handler: 'delete', auth: 'cognito' },
  {
    method: 'GET',
    path: '/messages/generate-stream',
    area: 'users',
    handler: 'generate-stream',
    auth: 'cognito',
    transport: 'stream',
  },
];

function synthApi(apiRoutes: readonly RouteDefinition[]): { api: Api; template: Template } {
  const stack = new Stack(testApp(), 'ApiRoutes', { env: { region: 'us-east-1', account: '123456789012' } });
  const api = new Api(stack, 'Api', {
    stage: 'test',
    userPool: new UserPool(stack, 'Pool'),
    allowedOrigins: ['http://localhost:5173'],
    handlerEntry: () => fixtureHandler,
    routes: apiRoutes,
  });
  return { api, template: apiTemplateOf(api) };
}

/** The logical id of the API's deployment, which the stage points at. */
function deploymentOf(template: Template): string {
  const deployments = Object.keys(template.findResources('AWS::ApiGateway::Deployment'));
  expect(deployments).toHaveLength(1);
  const [stage] = Object.values(template.findResources('AWS::ApiGateway::Stage')) as {
    Properties: { DeploymentId: { Ref: string } };
  }[];
  expect(stage?.Properties.DeploymentId).toEqual({ Ref: deployments[0] });
  return deployments[0] as string;
}

let methods: Map<string, Record<string, unknown>>;
let authorizerId: unknown;
let deployment: string;

beforeAll(() => {
  const { api, template } = synthApi(routes);
  authorizerId = api.gateway.resolve(api.authorizer.authorizerId);
  methods = methodsByRoute(template);
  deployment = deploymentOf(template);
}, 120_000);

describe('the API construct given a route list', () => {
  it('nests each route path, parameters included, under /api', () => {
    expect([...methods.keys()]).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'POST /api/billing/webhook',
        'DELETE /api/conversations/{id}',
      ]),
    );
  });

  it('puts the Cognito authorizer on cognito routes', () => {
    for (const key of ['GET /api/user', 'DELETE /api/conversations/{id}']) {
      expect(methods.get(key)).toMatchObject({
        AuthorizationType: 'COGNITO_USER_POOLS',
        AuthorizerId: authorizerId,
      });
    }
  });

  it('puts no authorizer on public routes', () => {
    const webhook = methods.get('POST /api/billing/webhook');
    expect(webhook).toMatchObject({ AuthorizationType: 'NONE' });
    expect(webhook).not.toHaveProperty('AuthorizerId');
  });

  it('leaves streaming routes to their Function URL', () => {
    expect([...methods.keys()].filter((key) => key.includes('generate-stream'))).toEqual([]);
  });

  it('answers CORS preflights without an authorizer', () => {
    expect(methods.get('OPTIONS /api/user')).toMatchObject({ AuthorizationType: 'NONE' });
  });
});

describe('the API’s deployment', () => {
  // The methods are in the API's nested stack with the deployment, whose logical id CDK derives
  // from them: a changed API replaces the deployment, and the stage serves the new one.
  it('is the same for the same routes, and a new one when a method or a route changes', () => {
    expect(deploymentOf(synthApi(routes).template)).toBe(deployment);
    const publicUser = routes.map((route) =>
      route.path === '/user' ? { ...route, auth: 'public' as const } : route,
    );
    const added: RouteDefinition[] = [
      ...routes,
      { method: 'GET', path: '/user/settings', area: 'users', handler: 'settings', auth: 'cognito' },
    ];
    const changed = [deploymentOf(synthApi(publicUser).template), deploymentOf(synthApi(added).template)];
    expect(changed).not.toContain(deployment);
    expect(new Set(changed).size).toBe(2);
  });
});
