import { KNOWLEDGE_MESSAGES, MAX_KNOWLEDGE_FILE_BYTES } from '@agentforge/shared';
import { chunkSegments } from './chunking.js';
import type { ExtractionResult } from './extraction-types.js';
import type { KeywordIndexes } from './keyword-indexes.js';
import {
  chunkKey,
  type KnowledgeRepository,
  parseFileObjectKey,
  type StoredChunk,
  type StoredCollection,
} from './knowledge.js';
import type { KnowledgeStore } from './knowledge-store.js';
import type { Embedder, VectorIndex } from './ports.js';

/** Chunks embedded per call (within every provider's batch limit). */
const EMBED_BATCH = 64;

export interface IndexerDeps {
  repository: KnowledgeRepository;
  store: () => Promise<KnowledgeStore>;
  indexes: KeywordIndexes;
  /** Extracts in a bounded worker (extraction-runner.ts). */
  extract: (bytes: Uint8Array, contentType: string) => Promise<ExtractionResult>;
  /** The embedder of the collection's model (chosen at its creation) while still usable; none: keyword only. */
  embedderFor: (ownerId: string, collection: StoredCollection) => Promise<Embedder | undefined>;
  vectors?: VectorIndex | undefined;
}

/** The vector index one embedding model's vectors go to (S3 Vectors' names: lower case, digits, '-', '.'). */
export const vectorIndexName = (modelId: string) =>
  `kb-${modelId.toLowerCase().replace(/[^a-z0-9.-]+/g, '-')}`.slice(0, 63);

/**
 * Indexes one uploaded file, named by its object key (the S3 event's): marks it indexing, extracts
 * its text in the bounded worker, splits it into chunks, stores them, adds them to the collection's
 * keyword index and, when the owner has an embedding model, embeds them into the vector index.
 * Ends `ready` (with a warning when the text was cut) or `failed` with the reason. A file deleted
 * meanwhile is left alone. Nothing of the file's content is logged.
 */
export function createIndexer(deps: IndexerDeps) {
  const { repository } = deps;

  return async function indexFile(objectKey: string): Promise<'ready' | 'failed' | 'gone'> {
    const ref = parseFileObjectKey(objectKey);
    if (!ref) return 'gone';
    const { ownerId, collectionId, fileId } = ref;
    const file = await repository.getFile(ownerId, collectionId, fileId);
    if (!file) return 'gone';
    const store = await deps.store();
    // An upload that landed after it was given up (its bytes released): not kept, not indexed.
    if (file.bytesReleased) {
      await store.delete(objectKey);
      return 'gone';
    }
    const update = (changes: Parameters<KnowledgeRepository['updateFile']>[3]) =>
      repository.updateFile(ownerId, collectionId, fileId, changes);
    if (!(await update({ status: 'indexing', progress: 0, reason: null }))) return 'gone';

    const bytes = await store.read(objectKey, MAX_KNOWLEDGE_FILE_BYTES);
    if (!bytes) return 'gone';
    const extracted = await deps.extract(bytes, file.contentType);
    if (!extracted.ok) {
      await update({ status: 'failed', progress: null, reason: KNOWLEDGE_MESSAGES[extracted.reason] });
      return 'failed';
    }
    const chunks = chunkSegments(extracted.segments);
    if (chunks.length === 0) {
      await update({ status: 'failed', progress: null, reason: KNOWLEDGE_MESSAGES.emptyText });
      return 'failed';
    }
    // A retry starts clean: the chunks an earlier attempt stored go first.
    const previous = file.chunkCount ?? 0;
    await repository.deleteChunks(ownerId, collectionId, fileId);
    const stored: StoredChunk[] = chunks.map((chunk) => ({
      userId: ownerId,
      key: chunkKey(collectionId, fileId, chunk.chunkIndex),
      collectionId,
      fileId,
      chunkIndex: chunk.chunkIndex,
      text: chunk.text,
      location: chunk.location,
    }));
    await repository.putChunks(stored);
    await update({ progress: 0.2 });

    const collection = deps.vectors ? await repository.getCollection(ownerId, collectionId) : undefined;
    const embedder = collection?.embeddingModel ? await deps.embedderFor(ownerId, collection) : undefined;
    if (embedder && deps.vectors) {
      const indexName = vectorIndexName(embedder.modelId);
      await deps.vectors.ensureIndex(indexName, embedder.dimension);
      for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
        const batch = chunks.slice(start, start + EMBED_BATCH);
        const vectors = await embedder.embed(
          batch.map((chunk) => chunk.text),
          'document',
        );
        await deps.vectors.put(
          indexName,
          batch.map((chunk, i) => ({
            key: `${collectionId}#${fileId}#${chunk.chunkIndex}`,
            vector: vectors[i] as Float32Array,
            metadata: { ownerId, collectionId, fileId, chunkIndex: chunk.chunkIndex },
          })),
        );
        await update({
          progress: 0.2 + (0.7 * Math.min(start + EMBED_BATCH, chunks.length)) / chunks.length,
        });
      }
    }

    const indexed = await deps.indexes.update(
      ownerId,
      collectionId,
      (index) => index.putFile(fileId, chunks, previous),
      embedder?.modelId,
    );
    if (!indexed) return 'gone';
    const ready = await update({
      status: 'ready',
      progress: null,
      reason: extracted.truncated ? KNOWLEDGE_MESSAGES.truncated : null,
      chunkCount: chunks.length,
      ...(extracted.pages === undefined ? {} : { pages: extracted.pages }),
    });
    if (ready) await repository.addToCounts(ownerId, collectionId, { chunks: chunks.length - previous });
    return 'ready';
  };
}
