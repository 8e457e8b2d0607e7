import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { API_KEY_MESSAGES, apiKeyViewSchema, providerListSchema } from '@agentforge/shared';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { BLOCKED_ENDPOINT_MESSAGE } from '../../functions/src/adapters/net/guarded-fetch.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { BAD_KEY, type ModelServer, startModelServer } from '../support/model-server/index.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;

interface User {
  api: Api;
  userId: string;
}

beforeAll(async () => {
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  models = await startModelServer();
});
afterAll(async () => {
  await models?.stop();
  await stack?.stop();
});

async function signUp(): Promise<User> {
  const { idToken } = await signUpAndSignIn();
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return { api: apiAs(stack.apiUrl, idToken), userId: claims.sub };
}

const keyList = z.array(apiKeyViewSchema);
/** Nothing listens on the discard port: the endpoint is down. */
const DOWN_URL = 'http://127.0.0.1:9/v1';

async function storedItem(userId: string, keyId: string) {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
  const { Item } = await db.send(
    new GetCommand({ TableName: process.env.TABLE_API_KEYS, Key: { userId, keyId } }),
  );
  return Item;
}

describe('API keys on the local stack', () => {
  it('keeps the local secrets key in the data directory, readable by its owner only', async () => {
    expect((await stat(join(stack.dataDir, 'secrets.key'))).mode & 0o777).toBe(0o600);
  });

  it('stores a key encrypted, lists only its last 4 characters, and deletes it', async () => {
    const alice = await signUp();
    const apiKey = 'sk-integration-secret-7f3a';

    const created = await alice.api.post('/api-keys', { provider: 'openai', apiKey, label: 'Work' });
    expect(created.status).toBe(201);
    const view = apiKeyViewSchema.parse(created.body);
    expect(view).toMatchObject({ provider: 'openai', label: 'Work', last4: '7f3a' });
    expect(JSON.stringify(created.body)).not.toContain('integration-secret');

    const listed = await alice.api.get('/api-keys');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([view]);

    const item = await storedItem(alice.userId, view.id);
    expect(item).toMatchObject({
      provider: 'openai',
      last4: '7f3a',
      ciphertext: expect.stringMatching(/^v1\./),
    });
    expect(JSON.stringify(item)).not.toContain('integration-secret');

    expect((await alice.api.del(`/api-keys/${view.id}`)).status).toBe(204);
    expect((await alice.api.get('/api-keys')).body).toEqual([]);
    expect(await storedItem(alice.userId, view.id)).toBeUndefined();
  });

  it('replaces the key of a provider with a new one, but keeps several custom endpoints', async () => {
    const { api } = await signUp();
    await api.post('/api-keys', { provider: 'mistral', apiKey: 'first-key-1111' });
    await api.post('/api-keys', { provider: 'mistral', apiKey: 'second-key-2222' });
    await api.post('/api-keys', { provider: 'custom', baseUrl: 'http://a.example/v1' });
    await api.post('/api-keys', { provider: 'custom', baseUrl: 'http://b.example/v1', label: 'B' });

    const keys = keyList.parse((await api.get('/api-keys')).body);
    expect(keys.map(({ provider, label, last4 }) => ({ provider, label, last4 }))).toEqual([
      { provider: 'mistral', label: 'Mistral', last4: '2222' },
      { provider: 'custom', label: 'http://a.example/v1', last4: '' },
      { provider: 'custom', label: 'B', last4: '' },
    ]);
  });

  it('refuses the metadata service and link-local as a Custom endpoint, though private ones are allowed', async () => {
    const { api } = await signUp();
    for (const baseUrl of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/v1',
      'http://[::ffff:a9fe:a9fe]/v1',
      'http://[::169.254.169.254]/v1',
    ]) {
      const saved = await api.post('/api-keys', { provider: 'custom', baseUrl });
      expect(saved.status, baseUrl).toBe(400);
      expect(saved.body.message).toBe(BLOCKED_ENDPOINT_MESSAGE);
      const validated = await api.post('/api-keys/validate', { provider: 'custom', baseUrl });
      expect(validated.status, baseUrl).toBe(400);
    }
    expect((await api.get('/api-keys')).body).toEqual([]);
    // A local Ollama on loopback, in any of its forms, is still fine here.
    for (const baseUrl of ['http://localhost:11434/v1', 'http://[::127.0.0.1]:11434/v1']) {
      expect((await api.post('/api-keys', { provider: 'custom', baseUrl })).status, baseUrl).toBe(201);
    }
  });

  it("gives another user 404 and nothing of the owner's keys", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const { id } = apiKeyViewSchema.parse(
      (await alice.api.post('/api-keys', { provider: 'google', apiKey: 'AIza-alice-only-0000' })).body,
    );

    expect((await bob.api.get('/api-keys')).body).toEqual([]);
    expect((await bob.api.del(`/api-keys/${id}`)).status).toBe(404);
    const validate = await bob.api.post('/api-keys/validate', { keyId: id });
    expect(validate.status).toBe(404);
    expect(JSON.stringify(validate.body)).not.toContain('alice');
    expect((await bob.api.get('/api-keys/providers')).body).toEqual([]);

    expect(keyList.parse((await alice.api.get('/api-keys')).body).map((key) => key.id)).toEqual([id]);
    expect((await alice.api.del('/api-keys/01UNKNOWNKEYID0000000000000')).status).toBe(404);
  });

  it('is 401 without a token', async () => {
    expect((await apiAs(stack.apiUrl).get('/api-keys')).status).toBe(401);
  });
});

describe('malformed API key requests', () => {
  let api: Api;
  beforeAll(async () => {
    ({ api } = await signUp());
  });

  it.each([
    ['a missing provider', { apiKey: 'k-1234' }, /provider/],
    ['an unknown provider', { provider: 'acme', apiKey: 'k-1234' }, /provider: Invalid option/],
    ['a keyed provider without a key', { provider: 'openai' }, API_KEY_MESSAGES.apiKeyRequired],
    ['a custom provider without a base URL', { provider: 'custom' }, API_KEY_MESSAGES.baseUrlRequired],
    ['a base URL that is not http(s)', { provider: 'custom', baseUrl: 'file:///etc/passwd' }, /baseUrl/],
    ['a key over 4 KB', { provider: 'openai', apiKey: 'k'.repeat(4097) }, /at most 4096 bytes/],
  ])('rejects %s with 400 and a clear message', async (_, body, message) => {
    const response = await api.post('/api-keys', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(message) });
    expect((await api.get('/api-keys')).body).toEqual([]);
  });

  it('rejects a body that is not JSON', async () => {
    const response = await api.postRaw('/api-keys', '{"provider": "openai",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'BAD_REQUEST', message: 'Request body is not valid JSON' });
  });

  it('rejects validate bodies that are neither a key id nor credentials', async () => {
    const empty = await api.post('/api-keys/validate', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: expect.stringMatching(/provider/) });
    const blankId = await api.post('/api-keys/validate', { keyId: '' });
    expect(blankId.status).toBe(400);
    expect(blankId.body).toMatchObject({ message: expect.stringMatching(/keyId/) });
  });
});

describe('validating keys and listing providers against the model server', () => {
  it('answers valid for a working key and the provider message for a rejected one, storing nothing', async () => {
    const { api } = await signUp();
    const openai = { provider: 'openai', baseUrl: models.baseUrls.openai };

    expect((await api.post('/api-keys/validate', { ...openai, apiKey: 'good-key' })).body).toEqual({
      valid: true,
    });
    const rejected = await api.post('/api-keys/validate', { ...openai, apiKey: BAD_KEY });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ valid: false, message: expect.stringMatching(/rejected/) });
    expect(JSON.stringify(rejected.body)).not.toContain(BAD_KEY);
    expect((await api.get('/api-keys')).body).toEqual([]);
  });

  it('validates a stored key by its id with the decrypted key', async () => {
    const { api } = await signUp();
    const stored = apiKeyViewSchema.parse(
      (
        await api.post('/api-keys', {
          provider: 'mistral',
          apiKey: 'mistral-good-key',
          baseUrl: models.baseUrls.mistral,
        })
      ).body,
    );
    const before = models.requests.length;

    expect((await api.post('/api-keys/validate', { keyId: stored.id })).body).toEqual({ valid: true });
    const sent = models.requests.slice(before);
    expect(sent).toEqual([
      expect.objectContaining({ dialect: 'mistral', method: 'GET', path: '/v1/models' }),
    ]);
    expect(sent[0]?.headers.authorization).toBe('Bearer mistral-good-key');
  });

  it('answers invalid for a custom endpoint that is down', async () => {
    const { api } = await signUp();
    const response = await api.post('/api-keys/validate', { provider: 'custom', baseUrl: DOWN_URL });
    expect(response.body).toEqual({ valid: false, message: expect.any(String) });
  });

  it('lists the providers with a key and each custom endpoint, with its models or why it has none', async () => {
    const alice = await signUp();
    await alice.api.post('/api-keys', {
      provider: 'openai',
      apiKey: 'sk-openai-key',
      baseUrl: models.baseUrls.openai,
    });
    const ollama = apiKeyViewSchema.parse(
      (
        await alice.api.post('/api-keys', {
          provider: 'custom',
          baseUrl: models.baseUrls.custom,
          label: 'Ollama',
        })
      ).body,
    );
    const down = (await alice.api.post('/api-keys', { provider: 'custom', baseUrl: DOWN_URL, label: 'Down' }))
      .body as { id: string };

    const response = await alice.api.get('/api-keys/providers');
    expect(response.status).toBe(200);
    const providers = providerListSchema.parse(response.body);
    // No Bedrock on the local stack: only what the user configured; the unreachable endpoint is
    // listed without models and with why, so it does not vanish from the user's view.
    expect(providers.map((provider) => provider.id)).toEqual([
      'openai',
      `custom:${ollama.id}`,
      `custom:${down.id}`,
    ]);
    expect(providers[2]).toEqual({
      id: `custom:${down.id}`,
      name: 'Down',
      models: [],
      error: 'Custom is unavailable: fetch failed',
    });
    expect(providers[0]?.models.length).toBeGreaterThan(0);
    expect(providers[1]).toEqual({
      id: `custom:${ollama.id}`,
      name: 'Ollama',
      models: [
        { id: 'llama3.2:latest', name: 'llama3.2:latest' },
        { id: 'qwen2.5:7b', name: 'qwen2.5:7b' },
      ],
    });
  });
});
