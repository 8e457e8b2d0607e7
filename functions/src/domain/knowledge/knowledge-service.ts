import {
  type Collection,
  type CollectionInput,
  KNOWLEDGE_FILE_TYPES,
  KNOWLEDGE_MESSAGES,
  type KnowledgeFile,
  type KnowledgeLimits,
  type KnowledgeUpload,
  MAX_KNOWLEDGE_FILE_BYTES,
} from '@agentforge/shared';
import { NotFoundError, PlanLimitError, ValidationError } from '../errors.js';
import { vectorIndexName } from './indexer.js';
import type { KeywordIndexes } from './keyword-indexes.js';
import {
  collectionFilesPrefix,
  collectionKey,
  fileKey,
  fileObjectKey,
  type KnowledgeRepository,
  ownerFilesPrefix,
  ownerIndexPrefix,
  type StoredCollection,
  type StoredFile,
} from './knowledge.js';
import type { KnowledgeStore } from './knowledge-store.js';
import type { VectorIndex } from './ports.js';
import { createUploadQuota, heldBytes, KNOWLEDGE_UPLOAD_URL_SECONDS } from './upload-quota.js';

/** Where a change lands: the owner's partition (a user, or `team#<teamId>`), made by a person. */
export interface KnowledgeActor {
  ownerId: string;
  userId: string;
  /** A team's space: the team (its keys embed a new collection). */
  teamId?: string | undefined;
}

export interface KnowledgeServiceDeps {
  repository: KnowledgeRepository;
  store: () => Promise<KnowledgeStore>;
  indexes: KeywordIndexes;
  /** Where the collections' vectors are (none: keyword search only). */
  vectors?: VectorIndex | undefined;
  /** The embedding model a new collection's vectors will be made with (none: keyword search only). */
  chooseEmbeddingModel?: ((userId: string, teamId?: string) => Promise<string | undefined>) | undefined;
  /** The owner's plan's limits (a team's collections count against the team's plan). */
  limitsOf: (ownerId: string) => Promise<KnowledgeLimits>;
  newId: () => string;
  now: () => number;
}

/** The content type a file is stored as, from its extension; undefined when it is not one we index. */
export function knowledgeTypeOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? undefined : KNOWLEDGE_FILE_TYPES[fileName.slice(dot + 1).toLowerCase()];
}

export function fileView(file: StoredFile): KnowledgeFile {
  return {
    id: file.fileId,
    collectionId: file.collectionId,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    status: file.status,
    ...(file.progress === undefined ? {} : { progress: file.progress }),
    ...(file.reason ? { reason: file.reason } : {}),
    ...(file.pages === undefined ? {} : { pages: file.pages }),
    ...(file.chunkCount === undefined ? {} : { chunkCount: file.chunkCount }),
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
  };
}

export function collectionView(
  collection: StoredCollection,
  access: { teamId?: string | undefined; editable: boolean },
): Collection {
  return {
    id: collection.collectionId,
    name: collection.name,
    description: collection.description,
    ...(access.teamId ? { teamId: access.teamId } : {}),
    fileCount: collection.fileCount,
    totalBytes: collection.totalBytes,
    chunkCount: collection.chunkCount,
    ...(collection.embeddingModel ? { embeddingModel: collection.embeddingModel } : {}),
    editable: access.editable,
    createdAt: collection.createdAt,
    updatedAt: collection.updatedAt,
  };
}

/** Collections and their files: limits, presigned uploads, deletion of everything a file left. */
export function createKnowledgeService(deps: KnowledgeServiceDeps) {
  const { repository, now } = deps;
  const quota = createUploadQuota(deps);

  async function collection(ownerId: string, collectionId: string): Promise<StoredCollection> {
    const found = await repository.getCollection(ownerId, collectionId);
    if (!found) throw new NotFoundError(KNOWLEDGE_MESSAGES.notFound);
    return found;
  }

  /** A file, an upload past its deadline ended first (upload-quota.ts). */
  async function file(ownerId: string, collectionId: string, fileId: string): Promise<StoredFile> {
    const found = await repository.getFile(ownerId, collectionId, fileId);
    if (!found) throw new NotFoundError(KNOWLEDGE_MESSAGES.fileNotFound);
    return quota.expired(ownerId, found);
  }

  /** A file's vectors, by their keys (the chunks it was indexed into). */
  async function removeVectors(collection: StoredCollection, files: readonly StoredFile[]): Promise<void> {
    if (!deps.vectors || !collection.embeddingModel) return;
    const keys = files.flatMap((file) =>
      Array.from(
        { length: file.chunkCount ?? 0 },
        (_, i) => `${collection.collectionId}#${file.fileId}#${i}`,
      ),
    );
    if (keys.length > 0) await deps.vectors.delete(vectorIndexName(collection.embeddingModel), keys);
  }

  async function removeFile(ownerId: string, stored: StoredFile): Promise<void> {
    const owning = await repository.getCollection(ownerId, stored.collectionId);
    if (owning) await removeVectors(owning, [stored]);
    await deps.indexes.removeFile(ownerId, stored.collectionId, stored.fileId, stored.chunkCount ?? 0);
    await (await deps.store()).deletePrefix(fileObjectKey(ownerId, stored.collectionId, stored.fileId));
    await repository.deleteFile(ownerId, stored.collectionId, stored.fileId);
    await repository.addToCounts(ownerId, stored.collectionId, {
      files: -1,
      bytes: -heldBytes(stored),
      chunks: -(stored.chunkCount ?? 0),
    });
    await quota.release(ownerId, heldBytes(stored));
  }

  /**
   * Counts a new collection against the plan atomically (two created at once cannot both take the
   * last place); an owner whose count is not kept yet starts at the collections it has.
   */
  async function reserveCollection(ownerId: string, max: number): Promise<void> {
    if (await repository.reserveCollection(ownerId, max)) return;
    await repository.initCollectionCount(ownerId, (await repository.listCollections(ownerId)).length);
    if (await repository.reserveCollection(ownerId, max)) return;
    throw new PlanLimitError(KNOWLEDGE_MESSAGES.tooManyCollections(max));
  }

  return {
    collection,
    file,
    list: (ownerId: string) => repository.listCollections(ownerId),

    async create(actor: KnowledgeActor, input: Required<Omit<CollectionInput, 'teamId'>>) {
      const { maxCollections } = await deps.limitsOf(actor.ownerId);
      await reserveCollection(actor.ownerId, maxCollections);
      const embeddingModel =
        deps.vectors && deps.chooseEmbeddingModel
          ? await deps.chooseEmbeddingModel(actor.userId, actor.teamId)
          : undefined;
      const id = deps.newId();
      const at = now();
      const stored: StoredCollection = {
        userId: actor.ownerId,
        key: collectionKey(id),
        collectionId: id,
        name: input.name,
        description: input.description,
        fileCount: 0,
        totalBytes: 0,
        chunkCount: 0,
        indexVersion: 0,
        ...(embeddingModel ? { embeddingModel } : {}),
        createdBy: actor.userId,
        createdAt: at,
        updatedAt: at,
      };
      try {
        await repository.createCollection(stored);
      } catch (error) {
        await repository.releaseCollection(actor.ownerId);
        throw error;
      }
      return stored;
    },

    async update(ownerId: string, collectionId: string, input: { name: string; description: string }) {
      const updated = await repository.updateCollection(ownerId, collectionId, {
        ...input,
        updatedAt: now(),
      });
      if (!updated) throw new NotFoundError(KNOWLEDGE_MESSAGES.notFound);
      return collection(ownerId, collectionId);
    },

    /** The collection with its files' bytes, chunks, keyword index and record. */
    async remove(ownerId: string, collectionId: string): Promise<StoredCollection> {
      const found = await collection(ownerId, collectionId);
      await removeVectors(found, await repository.listFiles(ownerId, collectionId));
      const store = await deps.store();
      await store.deletePrefix(collectionFilesPrefix(ownerId, collectionId));
      await deps.indexes.removeCollection(ownerId, collectionId);
      await repository.deleteCollection(ownerId, collectionId);
      await quota.release(ownerId, found.totalBytes);
      await repository.releaseCollection(ownerId);
      return found;
    },

    /** The collection's files, uploads past their deadline ended. */
    listFiles: async (ownerId: string, collectionId: string) =>
      (await quota.sweep(ownerId, await repository.listFiles(ownerId, collectionId))).files,

    /** The collection as read, or read again when one of its uploads had to be ended (its bytes). */
    async swept(ownerId: string, stored: StoredCollection): Promise<StoredCollection> {
      const { changed } = await quota.sweep(
        ownerId,
        await repository.listFiles(ownerId, stored.collectionId),
      );
      return changed ? collection(ownerId, stored.collectionId) : stored;
    },

    /** Every collection of an owner (an account or a team being deleted), with all it holds. */
    async eraseOwner(ownerId: string): Promise<void> {
      for (const stored of await repository.listCollections(ownerId))
        await this.remove(ownerId, stored.collectionId);
      const store = await deps.store();
      // Whatever raced a collection's creation or deletion.
      await store.deletePrefix(ownerFilesPrefix(ownerId));
      await store.deletePrefix(ownerIndexPrefix(ownerId));
    },

    /**
     * A file's record (uploading) and a presigned PUT of exactly its type and size; the plan's
     * total size (reserved atomically per owner) and files per collection (counted atomically with
     * the file) are checked first.
     */
    async createUpload(
      ownerId: string,
      collectionId: string,
      input: { fileName: string; contentType: string; size: number },
    ): Promise<KnowledgeUpload> {
      const contentType = knowledgeTypeOf(input.fileName);
      if (!contentType) throw new ValidationError(KNOWLEDGE_MESSAGES.fileType);
      if (input.size > MAX_KNOWLEDGE_FILE_BYTES) throw new ValidationError(KNOWLEDGE_MESSAGES.fileTooLarge);
      await collection(ownerId, collectionId);
      const limits = await deps.limitsOf(ownerId);
      // The owner's bytes first, atomically (concurrent uploads cannot pass the plan together).
      if (!(await quota.reserve(ownerId, input.size, limits.maxTotalMb * 1024 * 1024))) {
        throw new PlanLimitError(KNOWLEDGE_MESSAGES.storageFull(limits.maxTotalMb));
      }
      const counted = await repository.addToCounts(
        ownerId,
        collectionId,
        { files: 1, bytes: input.size },
        limits.maxFilesPerCollection,
      );
      if (!counted) {
        await quota.release(ownerId, input.size);
        throw new PlanLimitError(KNOWLEDGE_MESSAGES.tooManyFiles(limits.maxFilesPerCollection));
      }
      const fileId = deps.newId();
      const at = now();
      const stored: StoredFile = {
        userId: ownerId,
        key: fileKey(collectionId, fileId),
        collectionId,
        fileId,
        fileName: input.fileName,
        contentType,
        size: input.size,
        status: 'uploading',
        createdAt: at,
        updatedAt: at,
      };
      await repository.putFile(stored);
      const upload = await (await deps.store()).presignUpload(
        fileObjectKey(ownerId, collectionId, fileId),
        { contentType, size: input.size, fileName: input.fileName },
        KNOWLEDGE_UPLOAD_URL_SECONDS,
      );
      return {
        file: fileView(stored),
        uploadUrl: upload.url,
        headers: upload.headers,
        expiresAt: at + KNOWLEDGE_UPLOAD_URL_SECONDS * 1000,
      };
    },

    async removeFile(ownerId: string, collectionId: string, fileId: string): Promise<StoredFile> {
      const stored = await file(ownerId, collectionId, fileId);
      await removeFile(ownerId, stored);
      return stored;
    },
  };
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
