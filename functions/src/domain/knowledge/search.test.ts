import { describe, expect, it } from 'vitest';
import { vectorIndexName } from './indexer.js';
import { createKeywordIndex } from './keyword-index.js';
import type { KeywordIndexes } from './keyword-indexes.js';
import type { KnowledgeRepository, StoredChunk, StoredCollection } from './knowledge.js';
import type { ChunkVector, Embedder, VectorIndex } from './ports.js';
import { createKnowledgeSearch } from './search.js';

/**
 * Hybrid search through the ports with small in-test implementations (the real adapters, Amazon
 * S3 Vectors and the providers' embedders, are another branch's): a toy embedder whose vectors
 * say which concept a text is about, and an exact cosine index.
 */
const CONCEPTS: Record<string, number> = {
  car: 0,
  automobile: 0,
  vehicle: 0,
  fruit: 1,
  bananas: 1,
  apple: 1,
};
const toyEmbedder: Embedder = {
  modelId: 'test:toy-concepts',
  dimension: 3,
  async embed(texts) {
    return texts.map((text) => {
      const counts = [0, 0, 0];
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        const concept = CONCEPTS[word] ?? 2;
        counts[concept] = (counts[concept] ?? 0) + 1;
      }
      const vector = Float32Array.from(counts);
      const norm = Math.hypot(...vector) || 1;
      return vector.map((value) => value / norm);
    });
  },
};

function memoryVectors(): VectorIndex & { stored: ChunkVector[] } {
  const stored: ChunkVector[] = [];
  return {
    stored,
    async ensureIndex() {},
    async put(_, vectors) {
      stored.push(...vectors);
    },
    async query(indexName, vector, filter, topK) {
      expect(indexName).toBe(vectorIndexName(toyEmbedder.modelId));
      return stored
        .filter(
          (v) =>
            v.metadata.ownerId === filter.ownerId && filter.collectionIds.includes(v.metadata.collectionId),
        )
        .map((v) => ({
          key: v.key,
          metadata: v.metadata,
          distance: 1 - [...v.vector].reduce((sum, x, i) => sum + x * (vector[i] ?? 0), 0),
        }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, topK);
    },
    async delete() {},
  };
}

const OWNER = 'user-1';
const TEXTS = [
  'The automobile needs new tyres.',
  'Bananas are a yellow fruit.',
  'The car park opens at nine.',
];

async function fixture(embeddingModel?: string) {
  const chunks: StoredChunk[] = TEXTS.map((text, chunkIndex) => ({
    userId: OWNER,
    key: `chunk#c1#f1#${chunkIndex}`,
    collectionId: 'c1',
    fileId: 'f1',
    chunkIndex,
    text,
    location: { page: chunkIndex + 1 },
  }));
  const index = createKeywordIndex();
  index.putFile('f1', chunks);
  const repository = {
    getChunks: async (_: string, refs: readonly { chunkIndex: number }[]) =>
      refs.map((ref) => chunks[ref.chunkIndex] as StoredChunk),
    getFile: async () => ({ fileName: 'notes.pdf' }),
  } as unknown as KnowledgeRepository;
  const vectors = memoryVectors();
  const embedded = await toyEmbedder.embed(TEXTS, 'document');
  await vectors.put(
    vectorIndexName(toyEmbedder.modelId),
    chunks.map((_chunk, i) => ({
      key: `c1#f1#${i}`,
      vector: embedded[i] as Float32Array,
      metadata: { ownerId: OWNER, collectionId: 'c1', fileId: 'f1', chunkIndex: i },
    })),
  );
  const search = createKnowledgeSearch({
    repository,
    indexes: { load: async () => index } as unknown as KeywordIndexes,
    embedderFor: async () => toyEmbedder,
    vectors,
  });
  const collection = {
    collectionId: 'c1',
    ...(embeddingModel ? { embeddingModel } : {}),
  } as StoredCollection;
  return { search, collections: [{ ownerId: OWNER, collection }] };
}

describe('knowledge search', () => {
  it('fuses keyword and vector matches when the collection was embedded with the owner’s model', async () => {
    const { search, collections } = await fixture(toyEmbedder.modelId);
    const result = await search('car', collections, 3);
    expect(result.mode).toBe('hybrid');
    // Both lists found the car park; only meaning found the automobile; nothing is about fruit.
    expect(result.passages.map((p) => [p.chunkIndex, p.matchedBy])).toEqual([
      [2, ['keyword', 'vector']],
      [0, ['vector']],
      [1, ['vector']],
    ]);
    expect(result.passages[0]).toMatchObject({ fileName: 'notes.pdf', location: { page: 3 } });
    expect(result.passages[0]?.score).toBeGreaterThan(result.passages[1]?.score ?? 1);
  });

  it('searches keywords only when the collection has no vectors of the owner’s model', async () => {
    for (const model of [undefined, 'test:another-model']) {
      const { search, collections } = await fixture(model);
      const result = await search('car', collections, 3);
      expect(result.mode).toBe('keyword');
      expect(result.passages.map((p) => [p.chunkIndex, p.matchedBy])).toEqual([[2, ['keyword']]]);
    }
  });
});
