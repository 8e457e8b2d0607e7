import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { installAwsLambdaGlobal } from '../../../scripts/local/lambda-streaming.js';
import { TABLE_IDS, tableEnvVar } from '../adapters/dynamodb/table-definitions.js';
import { startJwksServer } from '../testing/jwks-server.js';

let jwks: Awaited<ReturnType<typeof startJwksServer>>;

beforeAll(async () => {
  jwks = await startJwksServer([]);
});
afterAll(() => {
  vi.unstubAllEnvs();
  return jwks.close();
});

describe('sseRoute', () => {
  it("fetches the ID token's signing keys when the handler is built (a function's init), before any request", async () => {
    for (const [name, value] of Object.entries({
      STAGE: 'test',
      RUNTIME: 'local',
      LOCAL_COGNITO_ISSUER: 'http://127.0.0.1/local_pool',
      LOCAL_COGNITO_JWKS_URI: jwks.uri,
      USER_POOL_CLIENT_ID: 'web-client',
      ...Object.fromEntries(TABLE_IDS.map((id) => [tableEnvVar(id), `test-${id}`])),
    })) {
      vi.stubEnv(name, value);
    }
    installAwsLambdaGlobal(); // the Lambda runtime's streaming global
    vi.resetModules(); // the composition reads this environment on import, as at a cold start
    const { sseRoute } = await import('./sse-route.js');

    sseRoute(z.object({}), async () => ({ run: async () => undefined }));
    await vi.waitFor(() => expect(jwks.requests()).toBe(1));
  });
});
