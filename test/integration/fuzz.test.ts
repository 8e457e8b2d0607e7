import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/src/routes.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

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
