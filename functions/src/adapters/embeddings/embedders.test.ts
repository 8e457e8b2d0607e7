import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_KEY, type ModelServer, startModelServer } from '../../../../test/support/model-server/index.js';
import type { Embedder } from '../../domain/knowledge/ports.js';
import { ProviderError } from '../../domain/models/model-provider.js';
import { createBedrockEmbedder } from './bedrock-embedder.js';
import { createEmbedder } from './index.js';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.stop();
});

const bedrock = () =>
  Promise.resolve(
    new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: server.url,
      credentials: { accessKeyId: 'local-test', secretAccessKey: 'local-test' },
    }),
  );
const deps = () => ({ fetch, bedrock });
const keyed = (provider: 'openai' | 'google' | 'mistral', apiKey = 'sk-test-key') =>
  createEmbedder({ provider, apiKey, baseUrl: server.baseUrls[provider] }, deps()) as Embedder;
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);
const since = (from: number) => server.requests.slice(from);

const DOCS = [
  'The invoice total is due within thirty days of the billing date.',
  'Our hiking trail climbs through pine forest to the mountain lake.',
  'Refunds for invoices are issued to the original payment method.',
];

async function checkMeaning(embedder: Embedder) {
  const docs = await embedder.embed(DOCS, 'document');
  const [query] = await embedder.embed(['when is the invoice due'], 'query');
  expect(docs).toHaveLength(3);
  for (const v of [...docs, query as Float32Array]) {
    expect(v).toBeInstanceOf(Float32Array);
    expect(v).toHaveLength(embedder.dimension);
    expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 5);
  }
  const scores = docs.map((d) => dot(query as Float32Array, d));
  // The invoice passages rank above the hiking one.
  expect(Math.min(scores[0] as number, scores[2] as number)).toBeGreaterThan(scores[1] as number);
}

describe('embedders against the test model server', () => {
  it('OpenAI: text-embedding-3-small through the AI SDK, 1536 dimensions, one request for a batch', async () => {
    const embedder = keyed('openai');
    expect(embedder.modelId).toBe('openai:text-embedding-3-small');
    const from = server.requests.length;
    await checkMeaning(embedder);
    const calls = since(from).filter((r) => r.path === '/v1/embeddings');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body).toMatchObject({ model: 'text-embedding-3-small', input: DOCS, dimensions: 1536 });
    expect(calls[0]?.headers.authorization).toBe('Bearer sk-test-key');
  });

  it('Google: gemini-embedding-001 at 768 dimensions, its task types, batches of at most 100', async () => {
    const embedder = keyed('google');
    expect(embedder.dimension).toBe(768);
    await checkMeaning(embedder);
    const from = server.requests.length;
    const texts = Array.from({ length: 150 }, (_, i) => `passage number ${i} about invoices`);
    expect(await embedder.embed(texts, 'document')).toHaveLength(150);
    const calls = since(from);
    expect(calls.map((r) => r.path)).toEqual([
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
    ]);
    const requests =
      (calls[0]?.body as { requests: { taskType: string; outputDimensionality: number }[] } | undefined)
        ?.requests ?? [];
    expect(requests).toHaveLength(100);
    expect(requests[0]).toMatchObject({ taskType: 'RETRIEVAL_DOCUMENT', outputDimensionality: 768 });
    const query = since(from).length;
    await embedder.embed(['one question'], 'query');
    expect(server.requests[from + query]?.body).toMatchObject({ taskType: 'RETRIEVAL_QUERY' });
  });

  it('Mistral: mistral-embed, 1024 dimensions, batches of 32', async () => {
    const embedder = keyed('mistral');
    await checkMeaning(embedder);
    const from = server.requests.length;
    const vectors = await embedder.embed(
      Array.from({ length: 70 }, (_, i) => `text ${i}`),
      'document',
    );
    expect(vectors).toHaveLength(70);
    expect(since(from).map((r) => (r.body as { input: string[] }).input.length)).toEqual([32, 32, 6]);
    // Order is kept across batches.
    const [again] = await embedder.embed(['text 69'], 'query');
    expect(dot(again as Float32Array, vectors[69] as Float32Array)).toBeCloseTo(1, 5);
  });

  it('Bedrock: Titan Text Embeddings V2 (the platform default), one InvokeModel a text', async () => {
    const embedder = createEmbedder({ provider: 'bedrock' }, deps()) as Embedder;
    expect(embedder).toMatchObject({ modelId: 'bedrock:amazon.titan-embed-text-v2:0', dimension: 1024 });
    const from = server.requests.length;
    await checkMeaning(embedder);
    const calls = since(from);
    expect(calls).toHaveLength(4);
    expect(calls[0]?.path).toBe('/model/amazon.titan-embed-text-v2%3A0/invoke');
    expect(calls[0]?.body).toMatchObject({ dimensions: 1024, normalize: true });
  });

  it('Bedrock: Cohere Embed v3, batches of 96 with the input type', async () => {
    const embedder = createBedrockEmbedder({ client: bedrock, model: 'cohere.embed-english-v3' });
    await checkMeaning(embedder);
    const from = server.requests.length;
    expect(
      await embedder.embed(
        Array.from({ length: 100 }, (_, i) => `doc ${i}`),
        'document',
      ),
    ).toHaveLength(100);
    const calls = since(from);
    expect(calls.map((r) => (r.body as { texts: string[] }).texts.length)).toEqual([96, 4]);
    expect(calls[0]?.body).toMatchObject({ input_type: 'search_document' });
  });

  it('refuses a bad key as a provider error that does not echo the key', async () => {
    const error = await keyed('openai', BAD_KEY)
      .embed(['x'], 'query')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('auth');
    expect((error as Error).message).not.toContain(BAD_KEY);
  });

  it('has no embedder for Anthropic keys or Custom endpoints', async () => {
    expect(createEmbedder({ provider: 'anthropic', apiKey: 'k' }, deps())).toBeUndefined();
    expect(createEmbedder({ provider: 'custom', baseUrl: 'http://localhost:1/v1' }, deps())).toBeUndefined();
    await expect(keyed('openai').embed([], 'document')).resolves.toEqual([]);
  });
});
