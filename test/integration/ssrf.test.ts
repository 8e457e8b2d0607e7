import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_ENDPOINT_MESSAGE } from '../../functions/src/adapters/net/guarded-fetch.js';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';

/** The local stack configured as an AWS stage is: private endpoints not allowed. */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_ENDPOINTS = 'false';
  models = await startModelServer();
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  api = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_ENDPOINTS;
  await stack?.stop();
  await models?.stop();
});

describe('Custom endpoints and provider base URLs on a stage without private endpoints', () => {
  const targets = [
    'http://127.0.0.1:9001/2018-06-01/runtime/invocation/next',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::127.0.0.1]:11434/v1', // IPv4-compatible loopback
    'http://2130706433/v1',
    'http://localhost:11434/v1',
  ];

  it('refuses them when saved, storing nothing', async () => {
    for (const baseUrl of [...targets, models.baseUrls.custom]) {
      const saved = await api.post('/api-keys', { provider: 'custom', baseUrl });
      expect(saved.status, baseUrl).toBe(400);
      expect(saved.body.message).toBe(BLOCKED_ENDPOINT_MESSAGE);
    }
    const keyed = await api.post('/api-keys', {
      provider: 'openai',
      apiKey: 'sk-x',
      baseUrl: models.baseUrls.openai,
    });
    expect(keyed.status).toBe(400);
    expect((await api.get('/api-keys')).body).toEqual([]);
  });

  it('refuses to validate them, without calling them', async () => {
    const before = models.requests.length;
    const validated = await api.post('/api-keys/validate', {
      provider: 'custom',
      baseUrl: models.baseUrls.custom,
    });
    expect(validated.status).toBe(400);
    expect(validated.body.message).toBe(BLOCKED_ENDPOINT_MESSAGE);
    expect(models.requests.length).toBe(before);
  });
});
