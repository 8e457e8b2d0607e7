import { createKeywordIndex, type KeywordIndex } from './keyword-index.js';
import {
  indexObjectKey,
  type KnowledgeReader,
  type KnowledgeRepository,
  ownerIndexPrefix,
} from './knowledge.js';
import type { KnowledgeStore } from './knowledge-store.js';

/** Attempts at one change before giving up (SQS retries the file after that). */
const MAX_ATTEMPTS = 20;

/**
 * Each collection's keyword index, stored whole as a versioned object
 * (`knowledge/index/<owner>/<collectionId>/<version>-<writer>.json`) that the collection's record
 * points at (`indexVersion`, `indexObject`). Files of one collection are indexed concurrently (one Lambda each), so a change
 * is optimistic: read the current version, apply the change, write it as the next version, then
 * advance the record's pointer with a conditional write (`indexVersion = read`). The loser of a
 * race deletes what it wrote and starts again from the winner's version, so no change is lost and
 * a reader always finds a complete index; a superseded version is deleted once the pointer moved.
 */
export function createKeywordIndexes(deps: {
  repository: KnowledgeRepository;
  store: () => Promise<KnowledgeStore>;
}) {
  const { read, load } = createKeywordIndexReader(deps);

  async function update(
    ownerId: string,
    collectionId: string,
    change: (index: KeywordIndex) => void,
    embeddingModel?: string,
  ): Promise<boolean> {
    const store = await deps.store();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const collection = await deps.repository.getCollection(ownerId, collectionId);
      if (!collection) return false;
      const from = collection.indexVersion;
      // Superseded (and deleted) by a writer between the two reads: start again from its version.
      const index = await read(ownerId, collectionId, collection.indexObject).catch(() => undefined);
      if (!index) continue;
      change(index);
      const to = from + 1;
      const object = `${to}-${Math.random().toString(36).slice(2, 10)}`;
      const key = indexObjectKey(ownerId, collectionId, object);
      await store.writeText(key, index.serialize());
      if (await deps.repository.advanceIndex(ownerId, collectionId, { from, to, object }, embeddingModel)) {
        if (collection.indexObject)
          await store.delete(indexObjectKey(ownerId, collectionId, collection.indexObject));
        return true;
      }
      // Another writer advanced it first: ours (its own key) goes, and the change starts again on theirs.
      await store.delete(key);
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * (attempt + 1)));
    }
    throw new Error(`The keyword index of collection ${collectionId} stayed contended`);
  }

  return {
    update,
    load,
    removeFile: (ownerId: string, collectionId: string, fileId: string, count: number) =>
      update(ownerId, collectionId, (index) => index.removeFile(fileId, count)).then(() => undefined),
    async removeCollection(ownerId: string, collectionId: string): Promise<void> {
      await (await deps.store()).deletePrefix(`${ownerIndexPrefix(ownerId)}${collectionId}/`);
    },
  };
}
export type KeywordIndexes = ReturnType<typeof createKeywordIndexes>;

/**
 * Reading a collection's current index (no writes: what the chat's search needs): its pointer,
 * then the object it names, read again should a writer supersede it between the two reads.
 */
export function createKeywordIndexReader(deps: {
  repository: Pick<KnowledgeReader, 'getCollection'>;
  store: () => Promise<Pick<KnowledgeStore, 'readText'>>;
}) {
  async function read(ownerId: string, collectionId: string, object?: string): Promise<KeywordIndex> {
    if (!object) return createKeywordIndex();
    const text = await (await deps.store()).readText(indexObjectKey(ownerId, collectionId, object));
    if (text === undefined) throw new Error('The keyword index was superseded');
    return createKeywordIndex(text);
  }
  return {
    read,
    /** The collection's current index (empty when it has none). */
    async load(ownerId: string, collectionId: string): Promise<KeywordIndex> {
      for (let attempt = 0; ; attempt++) {
        const collection = await deps.repository.getCollection(ownerId, collectionId);
        if (!collection) return createKeywordIndex();
        try {
          return await read(ownerId, collectionId, collection.indexObject);
        } catch (error) {
          // Superseded and deleted between the two reads: read the pointer again.
          if (attempt >= 2) throw error;
        }
      }
    },
  };
}
