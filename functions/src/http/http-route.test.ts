import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { NotFoundError } from '../domain/errors.js';
import { DeletedAccountError, WaitlistedError } from '../domain/users/access-gate.js';
import { httpRoute, MAX_BODY_BYTES, ok } from './http-route.js';

/**
 * The access gate, as a waitlist stage's: only `user-1` may use product routes, `deleted-user` is
 * a deleted account (and it is told who asks, for which kind of route).
 */
const gateCalls: string[] = [];
vi.mock('../composition/access.js', () => ({
  accessGate: () => ({
    assertAllowed: async (caller: { userId: string }, access: 'members' | 'everyone') => {
      gateCalls.push(`${caller.userId} ${access}`);
      if (caller.userId === 'deleted-user') throw new DeletedAccountError();
      if (access === 'members' && caller.userId !== 'user-1') throw new WaitlistedError();
    },
  }),
}));

process.env.LOG_LEVEL = 'silent';

function event(
  overrides: Partial<APIGatewayProxyEvent> = {},
  claims?: Record<string, string>,
): APIGatewayProxyEvent {
  return {
    resource: '/api/things/{id}',
    path: '/api/things/1',
    httpMethod: 'POST',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { id: '1' },
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      authorizer: claims ? { claims } : null,
    } as APIGatewayProxyEvent['requestContext'],
    ...overrides,
  };
}

const context = {} as Context;
const caller = { sub: 'user-1', email: 'ada@example.com' };

const route = httpRoute(
  { body: z.object({ name: z.string().min(1) }), params: z.object({ id: z.string() }) },
  async ({ body, params, caller }) => {
    if (params.id === 'missing') throw new NotFoundError('Thing not found');
    if (params.id === 'boom') throw new Error('database password is hunter2');
    return ok({ id: params.id, name: body.name, owner: caller.userId });
  },
);

describe('httpRoute', () => {
  it('passes validated input and the caller from the authorizer claims to the route', async () => {
    const response = await route(event({ body: JSON.stringify({ name: 'x' }) }, caller), context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ id: '1', name: 'x', owner: 'user-1' });
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    });
  });

  it('answers 401 when the request carries no verified caller', async () => {
    const response = await route(event({ body: JSON.stringify({ name: 'x' }) }), context);
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('answers 400 naming the invalid field', async () => {
    const response = await route(event({ body: JSON.stringify({ name: '' }) }, caller), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).message).toMatch(/^Invalid request body: name: /);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await route(event({ body: '{nope' }, caller), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      code: 'BAD_REQUEST',
      message: 'Request body is not valid JSON',
    });
  });

  it('answers 413 for an oversized body', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    const response = await route(event({ body }, caller), context);
    expect(response.statusCode).toBe(413);
  });

  it('maps domain errors to their status with their message', async () => {
    const response = await route(
      event({ pathParameters: { id: 'missing' }, body: JSON.stringify({ name: 'x' }) }, caller),
      context,
    );
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ code: 'NOT_FOUND', message: 'Thing not found' });
  });

  it('answers 500 without internals for unexpected errors', async () => {
    const response = await route(
      event({ pathParameters: { id: 'boom' }, body: JSON.stringify({ name: 'x' }) }, caller),
      context,
    );
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(JSON.parse(response.body)).toEqual({ code: 'INTERNAL', message: 'Internal server error' });
  });

  it('refuses product routes to a waitlisted caller (403, the reason) and lets account routes through', async () => {
    const waitlisted = { sub: 'user-2', email: 'bob@example.com' };
    const response = await route(event({ body: JSON.stringify({ name: 'x' }) }, waitlisted), context);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('waitlist'),
    });

    const accountRoute = httpRoute({ access: 'everyone' }, async ({ caller }) =>
      ok({ userId: caller.userId }),
    );
    gateCalls.length = 0;
    const own = await accountRoute(event({}, waitlisted), context);
    expect(own.statusCode).toBe(200);
    expect(gateCalls).toEqual(['user-2 everyone']);
  });

  it("refuses a deleted account's token (401) on every route, account routes too", async () => {
    const deleted = { sub: 'deleted-user', email: 'gone@example.com' };
    const accountRoute = httpRoute({ access: 'everyone' }, async () => ok({}));
    for (const response of [
      await route(event({ body: JSON.stringify({ name: 'x' }) }, deleted), context),
      await accountRoute(event({}, deleted), context),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(JSON.parse(response.body)).toEqual({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
    }
  });

  it('takes the user name from the claims when the authorizer gives it', async () => {
    const named = httpRoute({ access: 'everyone' }, async ({ caller }) => ok(caller));
    const response = await named(event({}, { ...caller, 'cognito:username': 'ada-name' }), context);
    expect(JSON.parse(response.body)).toMatchObject({
      userId: 'user-1',
      email: 'ada@example.com',
      username: 'ada-name',
    });
  });
});
