import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { createLocalCredentialMac } from '../../functions/src/adapters/secrets/local-credential-mac.js';
import { createCredentialMinter } from '../../functions/src/domain/mcp/gateway-credential.js';
import { ROUTES } from '../../functions/src/routes.js';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { recordFields } from '../support/record-fields.js';

/**
 * Generated junk against every route of the manifest on the local stack: paths with arbitrary
 * (and broken) percent-escapes, bodies of any JSON or none or not JSON, huge strings, odd
 * content types, random query strings, with and without a valid token. Whatever comes, the API
 * answers below 500, and every 4xx is JSON with a message.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let idToken: string;

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  ({ idToken } = await signUpAndSignIn());
});
afterAll(() => stack?.stop());

const segment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.stringMatching(/^[%0-9A-Fa-fzZ]{1,12}$/), // broken percent-escapes like %E0%A4%A or %zz
  fc.constantFrom('%00%ff', '..', '%2e%2e', '%', 'a'.repeat(2000), '01HZZZZZZZZZZZZZZZZZZZZZZZ'),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc
    .record({ title: fc.string(), messages: fc.array(fc.anything(), { maxLength: 5 }) })
    .map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"a":',
    '[]',
    'null',
    '"x"',
    JSON.stringify({ name: 'x'.repeat(600_000) }),
    '{'.repeat(5000),
  ),
);
const query = fc.array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 50 })), {
  maxLength: 4,
});
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  undefined,
);

const request = fc.record({
  segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
  body,
  query,
  contentType,
  signed: fc.boolean(),
});

describe('every route with generated junk', () => {
  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers below 500, with a JSON message on 4xx',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(request, async ({ segments, body, query, contentType, signed }) => {
          let n = 0;
          const path = route.path.replace(/\{[^}]+\}/g, () => segments[n++ % segments.length] as string);
          const search = new URLSearchParams(query).toString();
          const sendsBody = route.method !== 'GET' && body !== undefined;
          const response = await fetch(`${stack.apiUrl}/api${path}${search ? `?${search}` : ''}`, {
            method: route.method,
            headers: {
              ...(signed ? { Authorization: `Bearer ${idToken}` } : {}),
              ...(contentType ? { 'Content-Type': contentType } : {}),
            },
            ...(sendsBody ? { body } : {}),
          });
          const text = await response.text();
          expect(response.status, `${route.method} ${path} -> ${text.slice(0, 200)}`).toBeLessThan(500);
          if (response.status >= 400) {
            expect(JSON.parse(text)).toMatchObject({ message: expect.any(String) });
          }
        }),
        { numRuns: 40, seed: Number(process.env.FUZZ_SEED ?? 20261122), verbose: 1 },
      );
    },
  );
});

/**
 * Every record-valued field of every route's body (found in the routes' own schemas) with keys an
 * object already has: `__proto__` is refused with a clear 400 before anything reads the body;
 * `constructor` and `toString` are ordinary keys, stored and read back as sent (the DynamoDB
 * marshaller once refused such a map: a 500). No prototype is polluted on the way.
 */
describe('record-valued fields with prototype keys', () => {
  const SPECIAL = ['constructor', 'toString'] as const;
  const now = Date.now();
  /** A valid body for each route with a record field, and (where it is stored) how to read it back. */
  const samples: Record<
    string,
    {
      path: () => Promise<string>;
      body: (record: Record<string, unknown>) => Record<string, unknown>;
      readBack?: (created: Record<string, unknown>) => Promise<unknown>;
      /** The Authorization header, when it is not the person's ID token. */
      authorization?: () => Promise<string>;
    }
  > = {
    'POST /conversations': {
      path: async () => '/conversations',
      body: (record) => ({
        title: 'Imported',
        messages: [
          {
            id: 'm1',
            conversationId: 'c1',
            content: 'hello',
            role: 'assistant',
            timestamp: now,
            availableTools: [{ name: 'echo', inputSchema: record }],
            // Not a record, but any object: a `constructor` that looks like a Set's once fooled the marshaller.
            processingSteps: [{ type: 'x', timestamp: now, data: { constructor: { name: 'Set' } } }],
          },
        ],
        createdAt: now,
        updatedAt: now,
      }),
      // Accepted, not read back: an import keeps each message's role and content only.
    },
    'PATCH /conversations/{id}/plans/{planId}/steps/{stepId}': {
      // Validated, then 404: no such plan (a plan's arguments are stored by the agent tests' plans).
      path: async () => '/conversations/01HZZZZZZZZZZZZZZZZZZZZZZZ/plans/p1/steps/s1',
      body: (record) => ({ arguments: record }),
    },
    'POST /mcp-servers': {
      path: async () => '/mcp-servers',
      body: (record) => ({ name: 'Proto', packageName: 'pkg', environmentVariables: record }),
      readBack: async (created) =>
        ((await api().get(`/mcp-servers/${created.id}`)).body as { environmentVariables: unknown })
          .environmentVariables,
    },
    'PUT /mcp-servers/{id}': {
      path: async () => `/mcp-servers/${await serverId()}`,
      body: (record) => ({ name: 'Proto', packageName: 'pkg', environmentVariables: record }),
      readBack: async (updated) =>
        ((await api().get(`/mcp-servers/${updated.id}`)).body as { environmentVariables: unknown })
          .environmentVariables,
    },
    'PUT /mcp/servers/{id}': {
      path: async () => `/mcp/servers/${await serverId()}`,
      body: (record) => ({ name: 'Proto', packageName: 'pkg', environmentVariables: record }),
      readBack: async (updated) =>
        ((await api().get(`/mcp-servers/${updated.id}`)).body as { environmentVariables: unknown })
          .environmentVariables,
    },
    'PATCH /mcp-servers/{id}/tool-policy': {
      path: async () => `/mcp-servers/${await serverId()}/tool-policy`,
      // Every key set to a valid policy, so the stored tools' names are read back.
      body: (record) => ({ tools: Object.fromEntries(Object.keys(record).map((tool) => [tool, 'ask'])) }),
      readBack: async (updated) => (updated as { toolPolicy: { tools: unknown } }).toolPolicy.tools,
    },
    'PUT /mcp-servers/{id}/my-values': {
      // Validated, then 400: a personal server has no values each member supplies (the team
      // server's are stored and read back in team-member-values.test.ts).
      path: async () => `/mcp-servers/${await serverId()}/my-values`,
      body: (record) => ({ values: record }),
    },
    'POST /mcp-gateway/{serverId}': {
      path: async () => `/mcp-gateway/${await serverId()}`,
      body: (record) => ({ jsonrpc: '2.0', id: 1, method: 'tools/list', ...record }),
    },
    'POST /mcp-gateway/{serverId}/calls': {
      // Validated, then 409: the server is not running.
      path: async () => `/mcp-gateway/${await serverId()}/calls`,
      body: (record) => ({ name: 'echo', arguments: record }),
    },
    // The automation runner's routes: its credential for the server (the authorizer refuses an ID token).
    'POST /mcp-automation/{serverId}': {
      path: async () => `/mcp-automation/${await serverId()}`,
      body: (record) => ({ jsonrpc: '2.0', id: 1, method: 'tools/list', ...record }),
      authorization: async () => `Bearer ${await runCredential()}`,
    },
    'POST /mcp-automation/{serverId}/calls': {
      path: async () => `/mcp-automation/${await serverId()}/calls`,
      body: (record) => ({ name: 'echo', arguments: record }),
      authorization: async () => `Bearer ${await runCredential()}`,
    },
    'POST /mcp-external/{serverId}': {
      path: async () => `/mcp-external/${await serverId()}`,
      body: (record) => ({ jsonrpc: '2.0', id: 1, method: 'tools/list', ...record }),
    },
    'POST /automations': {
      path: async () => '/automations',
      body: (record) => automationBody(record),
      readBack: async (created) => automationStepArguments(created.id as string),
    },
    'PUT /automations/{id}': {
      path: async () => `/automations/${await automationId()}`,
      body: (record) => automationBody(record),
      readBack: async (updated) => automationStepArguments(updated.id as string),
    },
  };
  /** An automation whose approved step calls a tool with `record` as its arguments. */
  const automationBody = (record: Record<string, unknown>) => ({
    name: 'Proto',
    goal: 'Call the tool',
    mode: 'mcp',
    serverIds: [],
    provider: 'anthropic',
    model: 'claude-3-haiku-20240307',
    steps: [{ description: 'Echo', tool: 'tools__echo', arguments: record }],
    trigger: { type: 'manual' },
    budget: { maxTokens: 1_000, maxToolCalls: 1, maxMinutes: 1 },
  });
  const automationStepArguments = async (id: string) =>
    ((await api().get(`/automations/${id}`)).body as { steps: { arguments: unknown }[] }).steps[0]?.arguments;
  let automation: Promise<string> | undefined;
  const automationId = () => {
    automation ??= api()
      .post('/automations', automationBody({}))
      .then(({ body }) => (body as { id: string }).id);
    return automation;
  };
  /** An automation run's credential for the sample server, signed with the stack's key as the runner signs it. */
  const runCredential = async () =>
    createCredentialMinter({
      sign: createLocalCredentialMac({ keyFile: process.env.LOCAL_SECRETS_KEY_FILE ?? '' }).sign,
      now: Date.now,
    })({
      userId: String(JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).sub),
      serverId: await serverId(),
      runId: 'fuzz-run',
    });
  const api = () => apiAs(stack.apiUrl, idToken);
  let server: Promise<string> | undefined;
  const serverId = () => {
    server ??= api()
      .post('/mcp-servers', { name: 'Target', packageName: 'pkg' })
      .then(({ body }) => (body as { id: string }).id);
    return server;
  };

  it('finds every route with a record-valued field, and has a sample body for each', async () => {
    const found: string[] = [];
    for (const route of ROUTES.filter((candidate) => candidate.transport !== 'stream')) {
      const module = (await import(`../../functions/src/handlers/${route.area}/${route.handler}.ts`)) as {
        handler: { schemas?: { body?: z.ZodType } };
      };
      const body = module.handler.schemas?.body;
      if (body && recordFields(body).length) found.push(`${route.method} ${route.path}`);
    }
    expect(found.sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.keys(samples))(
    '%s: __proto__ is refused, constructor and toString are kept',
    async (name) => {
      const sample = samples[name] as (typeof samples)[string];
      const [method] = name.split(' ') as ['POST' | 'PUT' | 'PATCH'];
      const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
      const send = async (text: string) => {
        const response = await fetch(`${stack.apiUrl}/api${await sample.path()}`, {
          method,
          headers: {
            Authorization: (await sample.authorization?.()) ?? `Bearer ${idToken}`,
            'Content-Type': 'application/json',
          },
          body: text,
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };

      // JSON.parse makes `__proto__` an own key, and JSON.stringify keeps it: what a client can send.
      const withProto = JSON.parse('{"__proto__":{"polluted":"yes"},"ok":"1"}') as Record<string, unknown>;
      const refused = await send(JSON.stringify(sample.body(withProto)));
      // Imported once the stack has set the functions' environment.
      const { PROTOTYPE_KEY_MESSAGE } = await import('../../functions/src/http/http-route.js');
      expect(refused).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: PROTOTYPE_KEY_MESSAGE } });

      const record = Object.fromEntries(SPECIAL.map((key) => [key, `value of ${key}`]));
      const answer = await send(JSON.stringify(sample.body(record)));
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      if (answer.status >= 400) expect(answer.body.message).toEqual(expect.any(String));
      else if (sample.readBack) {
        const stored = (await sample.readBack(answer.body)) as Record<string, unknown>;
        expect(Object.keys(stored).sort()).toEqual([...SPECIAL].sort());
        expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
      }

      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    },
  );
});
