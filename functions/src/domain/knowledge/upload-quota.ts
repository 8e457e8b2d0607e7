import { KNOWLEDGE_MESSAGES } from '@agentforge/shared';
import { fileObjectKey, type KnowledgeRepository, type StoredFile } from './knowledge.js';
import type { KnowledgeStore } from './knowledge-store.js';

/** How long a knowledge file's presigned PUT is valid. */
export const KNOWLEDGE_UPLOAD_URL_SECONDS = 15 * 60;
/** How long past its URL's expiry an upload may still be landing (a big file started late) before it is given up. */
const UPLOAD_GRACE_MS = 15 * 60 * 1000;

/** When a file still `uploading` is given up: its URL's expiry plus the grace. */
export const uploadDeadline = (file: Pick<StoredFile, 'createdAt'>) =>
  file.createdAt + KNOWLEDGE_UPLOAD_URL_SECONDS * 1000 + UPLOAD_GRACE_MS;

/** The bytes a file still holds of its owner's plan (none once an expired upload gave them back). */
export const heldBytes = (file: Pick<StoredFile, 'size' | 'bytesReleased'>) =>
  file.bytesReleased ? 0 : file.size;

export interface UploadQuotaDeps {
  repository: KnowledgeRepository;
  store: () => Promise<KnowledgeStore>;
  now: () => number;
}

/**
 * The owner's storage, reserved atomically: each file's bytes are added to one usage record per
 * owner with a condition (`totalBytes <= max - size`) at its upload request, so concurrent uploads
 * cannot pass the plan together, and given back when it is deleted or its upload never arrives.
 *
 * An upload that never arrives is ended when it is next seen (its collection or file read, or the
 * owner's storage full): past `uploadDeadline` with no object, it is `failed` ('The upload did not
 * arrive') and its bytes released, once (a conditional write on `uploading`). Nothing runs on a
 * schedule, and the local stack does exactly this (docs/decisions/knowledge.md).
 */
export function createUploadQuota(deps: UploadQuotaDeps) {
  const { repository } = deps;

  /** The file, failed and released if it is an upload past its deadline that never landed. */
  async function expired(ownerId: string, file: StoredFile): Promise<StoredFile> {
    if (file.status !== 'uploading' || deps.now() < uploadDeadline(file)) return file;
    // Landed after all (its event is on its way to the indexer): left to the indexer.
    const key = fileObjectKey(ownerId, file.collectionId, file.fileId);
    if (await (await deps.store()).head(key)) return file;
    const reason = KNOWLEDGE_MESSAGES.uploadMissing;
    if (!(await repository.expireUpload(ownerId, file.collectionId, file.fileId, reason))) {
      return (await repository.getFile(ownerId, file.collectionId, file.fileId)) ?? file;
    }
    await repository.addToCounts(ownerId, file.collectionId, { bytes: -file.size });
    await repository.releaseBytes(ownerId, file.size);
    return { ...file, status: 'failed', reason, bytesReleased: true, updatedAt: deps.now() };
  }

  /** The files, each upload past its deadline ended; `changed`: one was. */
  async function sweep(ownerId: string, files: readonly StoredFile[]) {
    const swept = await Promise.all(files.map((file) => expired(ownerId, file)));
    return { files: swept, changed: swept.some((file, i) => file !== files[i]) };
  }

  async function reclaimOwner(ownerId: string): Promise<boolean> {
    let changed = false;
    for (const collection of await repository.listCollections(ownerId)) {
      const swept = await sweep(ownerId, await repository.listFiles(ownerId, collection.collectionId));
      changed ||= swept.changed;
    }
    return changed;
  }

  return {
    expired,
    sweep,

    /** Reserves `bytes` of the owner's `maxBytes`; false when the plan's storage is full. */
    async reserve(ownerId: string, bytes: number, maxBytes: number): Promise<boolean> {
      if (await repository.reserveBytes(ownerId, bytes, maxBytes)) return true;
      // No usage record yet (a new owner, or one from before it): it starts at what the collections hold.
      const held = (await repository.listCollections(ownerId)).reduce((sum, c) => sum + c.totalBytes, 0);
      await repository.initUsage(ownerId, held);
      if (await repository.reserveBytes(ownerId, bytes, maxBytes)) return true;
      // Full: uploads that never arrived give their bytes back first.
      return (await reclaimOwner(ownerId)) && repository.reserveBytes(ownerId, bytes, maxBytes);
    },

    release: (ownerId: string, bytes: number) =>
      bytes > 0 ? repository.releaseBytes(ownerId, bytes) : Promise.resolve(),
  };
}
