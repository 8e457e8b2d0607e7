import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';

/**
 * Knowledge's vectors on the local stack as the functions compose them: with no key of their own,
 * a user gets the platform's Titan embeddings (the local Bedrock), and the S3 Vectors adapter keeps
 * and searches them in the stack's S3 Vectors stand-in (KNOWLEDGE_VECTOR_BUCKET, signed).
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let userId: string;

beforeAll(async () => {
  models = await startModelServer();
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
  const { idToken } = await signUpAndSignIn();
  userId = (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string })
    .sub;
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

const PASSAGES = [
  'Invoices are due thirty days after the billing date.',
  'The mountain trail climbs through pine forest to a lake.',
  'Refunds go back to the card that paid the invoice.',
];

describe('knowledge vectors on the local stack', () => {
  it('embeds with the platform model and finds the nearest passages of the owner’s collection', async () => {
    const { knowledgeEmbedders, knowledgeVectorIndex } = await import(
      '../../functions/src/composition/knowledge-vectors.js'
    );
    const embedder = await knowledgeEmbedders().choose(userId);
    expect(embedder?.modelId).toBe('bedrock:amazon.titan-embed-text-v2:0');
    if (!embedder) return;
    const vectors = await knowledgeVectorIndex();
    await vectors.ensureIndex(embedder.modelId, embedder.dimension);
    const embedded = await embedder.embed(PASSAGES, 'document');
    await vectors.put(
      embedder.modelId,
      embedded.map((vector, chunkIndex) => ({
        key: `col1#file1#${chunkIndex}`,
        vector,
        metadata: { ownerId: userId, collectionId: 'col1', fileId: 'file1', chunkIndex },
      })),
    );
    const [query] = await embedder.embed(['when are invoices due'], 'query');
    const found = await vectors.query(
      embedder.modelId,
      query as Float32Array,
      { ownerId: userId, collectionIds: ['col1'] },
      2,
    );
    expect(found.map((m) => m.key)).toEqual(['col1#file1#0', 'col1#file1#2']);
    // Another owner's search never sees them.
    expect(
      await vectors.query(
        embedder.modelId,
        query as Float32Array,
        { ownerId: 'someone-else', collectionIds: ['col1'] },
        5,
      ),
    ).toEqual([]);
    // The stand-in verifies signatures: an unsigned call is refused.
    const unsigned = await fetch(`${process.env.S3VECTORS_ENDPOINT}/ListVectorBuckets`, {
      method: 'POST',
      body: '{}',
    });
    expect(unsigned.status).toBe(403);
  });
});
