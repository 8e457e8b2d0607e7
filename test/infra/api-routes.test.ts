import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../functions/src/routes';
import { Api } from '../../lib/constructs/api';
import { methodsByRoute } from './api-methods';
import { fixtureHandler, testApp } from './synth';

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

let methods: Map<string, Record<string, unknown>>;
let authorizerId: unknown;

beforeAll(() => {
  const stack = new Stack(testApp(), 'ApiRoutes', { env: { region: 'us-east-1', account: '123456789012' } });
  const api = new Api(stack, 'Api', {
    stage: 'test',
    userPool: new UserPool(stack, 'Pool'),
    allowedOrigins: ['http://localhost:5173'],
    handlerEntry: () => fixtureHandler,
    routes,
  });
  authorizerId = stack.resolve(api.authorizer.authorizerId);
  methods = methodsByRoute(Template.fromStack(stack));
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
