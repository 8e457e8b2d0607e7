import type { KnowledgePassage, KnowledgeSearchResult } from '@agentforge/shared';
import { vectorIndexName } from './indexer.js';
import type { KeywordIndexes } from './keyword-indexes.js';
import type { KnowledgeReader, StoredCollection } from './knowledge.js';
import type { Embedder, VectorIndex } from './ports.js';
import { reciprocalRankFusion } from './rank-fusion.js';

/** Each list is asked for this many times the passages wanted, so fusion has candidates to agree on. */
const CANDIDATES_FACTOR = 3;

export interface KnowledgeSearchDeps {
  repository: Pick<KnowledgeReader, 'getChunks' | 'getFile'>;
  indexes: Pick<KeywordIndexes, 'load'>;
  /** The embedder of the collection's model while the caller may still use it (undefined: keyword only). */
  embedderFor: (searched: SearchableCollection) => Promise<Embedder | undefined>;
  vectors?: Pick<VectorIndex, 'query'> | undefined;
}

/** A collection the caller may read (checked by the caller of this), with its owner and who searches. */
export interface SearchableCollection {
  ownerId: string;
  /** Who searches (their keys, or their team's, embed the query); a team's collection: its `teamId`. */
  userId?: string | undefined;
  teamId?: string | undefined;
  collection: StoredCollection;
}

interface Candidate {
  ownerId: string;
  collectionId: string;
  fileId: string;
  chunkIndex: number;
}
const keyOf = (c: Candidate) => `${c.ownerId}|${c.collectionId}|${c.fileId}|${c.chunkIndex}`;

/**
 * Hybrid search over collections: BM25 over each collection's keyword index always; plus the
 * nearest chunks by meaning when every collection has vectors of a model the searcher may still
 * use (`embedderFor`); the two fused by reciprocal rank (`mode` says which).
 */
export function createKnowledgeSearch(deps: KnowledgeSearchDeps) {
  async function vectorHits(
    query: string,
    collections: readonly SearchableCollection[],
    topK: number,
  ): Promise<Candidate[] | undefined> {
    const vectors = deps.vectors;
    if (!vectors) return undefined;
    const embedders = await Promise.all(collections.map((c) => deps.embedderFor(c)));
    const usable = collections.every(
      (c, i) => c.collection.embeddingModel && embedders[i]?.modelId === c.collection.embeddingModel,
    );
    if (!usable) return undefined;
    // One query per owner and model: the index is the model's, the filter the owner's collections.
    const groups = new Map<string, { ownerId: string; embedder: Embedder; collectionIds: string[] }>();
    collections.forEach((c, i) => {
      const embedder = embedders[i] as Embedder;
      const group = `${c.ownerId}|${embedder.modelId}`;
      const found = groups.get(group) ?? { ownerId: c.ownerId, embedder, collectionIds: [] };
      found.collectionIds.push(c.collection.collectionId);
      groups.set(group, found);
    });
    const hits: (Candidate & { distance: number })[] = [];
    for (const { ownerId, embedder, collectionIds } of groups.values()) {
      const [vector] = await embedder.embed([query], 'query');
      const matches = await vectors.query(
        vectorIndexName(embedder.modelId),
        vector as Float32Array,
        { ownerId, collectionIds },
        topK,
      );
      for (const match of matches) hits.push({ ...match.metadata, ownerId, distance: match.distance });
    }
    return hits.sort((a, b) => a.distance - b.distance).slice(0, topK);
  }

  async function keywordHits(
    query: string,
    collections: readonly SearchableCollection[],
    topK: number,
  ): Promise<Candidate[]> {
    const perCollection = await Promise.all(
      collections.map(async ({ ownerId, collection }) => {
        const index = await deps.indexes.load(ownerId, collection.collectionId);
        return index
          .search(query, topK)
          .map((hit) => ({ ownerId, collectionId: collection.collectionId, ...hit }));
      }),
    );
    return perCollection
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, topK)
      .map(({ score: _score, ...candidate }) => candidate);
  }

  return async function search(
    query: string,
    collections: readonly SearchableCollection[],
    limit: number,
  ): Promise<KnowledgeSearchResult> {
    const topK = limit * CANDIDATES_FACTOR;
    const [keyword, vector] = await Promise.all([
      keywordHits(query, collections, topK),
      vectorHits(query, collections, topK),
    ]);
    const fused = reciprocalRankFusion(
      [{ name: 'keyword', items: keyword }, ...(vector ? [{ name: 'vector', items: vector }] : [])],
      keyOf,
    ).slice(0, limit);
    const passages: KnowledgePassage[] = [];
    const fileNames = new Map<string, string>();
    for (const { item, score, matchedBy } of fused) {
      const [chunk] = await deps.repository.getChunks(item.ownerId, [item]);
      if (!chunk) continue;
      const fileKey = `${item.ownerId}|${item.collectionId}|${item.fileId}`;
      let fileName = fileNames.get(fileKey);
      if (fileName === undefined) {
        fileName = (await deps.repository.getFile(item.ownerId, item.collectionId, item.fileId))?.fileName;
        if (fileName === undefined) continue;
        fileNames.set(fileKey, fileName);
      }
      passages.push({
        collectionId: item.collectionId,
        fileId: item.fileId,
        fileName,
        chunkIndex: item.chunkIndex,
        text: chunk.text,
        location: chunk.location,
        score,
        matchedBy: matchedBy as KnowledgePassage['matchedBy'],
      });
    }
    return { passages, mode: vector ? 'hybrid' : 'keyword' };
  };
}
export type KnowledgeSearch = ReturnType<typeof createKnowledgeSearch>;
