import MiniSearch from 'minisearch';

/**
 * A collection's keyword index (BM25, through MiniSearch): one document per chunk, id
 * `<fileId>#<chunkIndex>`, the text indexed but not stored (the chunks table has it). Serialized
 * whole to storage; a file's chunks are added after it is extracted and discarded when it goes.
 */
const OPTIONS = { fields: ['text'], storeFields: [] as string[], idField: 'id' };
const SEARCH_OPTIONS = { prefix: true, fuzzy: 0.1, combineWith: 'OR' as const };

export interface KeywordHit {
  fileId: string;
  chunkIndex: number;
  score: number;
}

export function createKeywordIndex(serialized?: string) {
  const index = serialized ? MiniSearch.loadJSON(serialized, OPTIONS) : new MiniSearch(OPTIONS);
  const idOf = (fileId: string, chunkIndex: number) => `${fileId}#${chunkIndex}`;

  return {
    /** Replaces the file's chunks (a file indexed again after a retry keeps no stale entry). */
    putFile(fileId: string, chunks: readonly { chunkIndex: number; text: string }[], previousCount = 0) {
      this.removeFile(fileId, Math.max(previousCount, chunks.length));
      index.addAll(chunks.map((chunk) => ({ id: idOf(fileId, chunk.chunkIndex), text: chunk.text })));
    },
    /** Discards the file's chunks 0..count-1 that are there. */
    removeFile(fileId: string, count: number) {
      for (let chunkIndex = 0; chunkIndex < count; chunkIndex++) {
        const id = idOf(fileId, chunkIndex);
        if (index.has(id)) index.discard(id);
      }
    },
    search(query: string, limit: number): KeywordHit[] {
      return index
        .search(query, SEARCH_OPTIONS)
        .slice(0, limit)
        .map((hit) => {
          const id = String(hit.id);
          const cut = id.lastIndexOf('#');
          return { fileId: id.slice(0, cut), chunkIndex: Number(id.slice(cut + 1)), score: hit.score };
        });
    },
    get size() {
      return index.documentCount;
    },
    serialize: () => JSON.stringify(index),
  };
}
export type KeywordIndex = ReturnType<typeof createKeywordIndex>;
