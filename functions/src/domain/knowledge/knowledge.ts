import { KNOWLEDGE_FILE_STATUSES, passageLocationSchema } from '@agentforge/shared';
import * as z from 'zod';

/**
 * Knowledge as the knowledge table stores it, one partition per owner (userId = a user, or a team
 * as `team#<teamId>`), so an account's or a team's deletion erases it with the partition:
 * - `collection#<collectionId>`: a collection, its counts and its keyword index's version;
 * - `file#<collectionId>#<fileId>`: a file and its indexing state;
 * - `chunk#<collectionId>#<fileId>#<index>`: a passage's text and location (what search returns).
 * The uploaded bytes and the keyword index live in the attachments bucket under `knowledge/<owner>/`.
 */
export const COLLECTION_KEY_PREFIX = 'collection#';
export const collectionKey = (collectionId: string) => `${COLLECTION_KEY_PREFIX}${collectionId}`;
export const filesKeyPrefix = (collectionId: string) => `file#${collectionId}#`;
export const fileKey = (collectionId: string, fileId: string) => `${filesKeyPrefix(collectionId)}${fileId}`;
export const chunksKeyPrefix = (collectionId: string, fileId?: string) =>
  `chunk#${collectionId}#${fileId === undefined ? '' : `${fileId}#`}`;
/** Zero-padded so the chunks of a file sort in order. */
export const chunkKey = (collectionId: string, fileId: string, chunkIndex: number) =>
  `${chunksKeyPrefix(collectionId, fileId)}${String(chunkIndex).padStart(6, '0')}`;

/** The owner's reserved bytes (every file from its upload request until deleted or expired): `usage#bytes`. */
export const USAGE_KEY = 'usage#bytes';

/** Every object of the knowledge feature sits under this prefix (the S3 event's filter on AWS). */
export const KNOWLEDGE_PREFIX = 'knowledge/';
/** Uploads: `knowledge/files/<owner>/<collectionId>/<fileId>` (the indexer's trigger). */
export const KNOWLEDGE_FILES_PREFIX = `${KNOWLEDGE_PREFIX}files/`;
export const ownerFilesPrefix = (ownerId: string) =>
  `${KNOWLEDGE_FILES_PREFIX}${encodeURIComponent(ownerId)}/`;
export const collectionFilesPrefix = (ownerId: string, collectionId: string) =>
  `${ownerFilesPrefix(ownerId)}${collectionId}/`;
export const fileObjectKey = (ownerId: string, collectionId: string, fileId: string) =>
  `${collectionFilesPrefix(ownerId, collectionId)}${fileId}`;
/** The keyword indexes: `knowledge/index/<owner>/<collectionId>/<version>-<writer>.json`. */
export const ownerIndexPrefix = (ownerId: string) =>
  `${KNOWLEDGE_PREFIX}index/${encodeURIComponent(ownerId)}/`;
export const indexObjectKey = (ownerId: string, collectionId: string, name: string) =>
  `${ownerIndexPrefix(ownerId)}${collectionId}/${name}.json`;

/** An uploaded object's key back to its owner, collection and file (undefined: not an upload). */
export function parseFileObjectKey(
  key: string,
): { ownerId: string; collectionId: string; fileId: string } | undefined {
  if (!key.startsWith(KNOWLEDGE_FILES_PREFIX)) return undefined;
  const parts = key.slice(KNOWLEDGE_FILES_PREFIX.length).split('/');
  if (parts.length !== 3 || parts.some((part) => !part)) return undefined;
  try {
    return {
      ownerId: decodeURIComponent(parts[0] as string),
      collectionId: parts[1] as string,
      fileId: parts[2] as string,
    };
  } catch {
    return undefined;
  }
}

export const storedCollectionSchema = z.object({
  userId: z.string(),
  key: z.string(),
  collectionId: z.string(),
  name: z.string(),
  description: z.string(),
  fileCount: z.number(),
  totalBytes: z.number(),
  chunkCount: z.number(),
  embeddingModel: z.string().optional(),
  /** The keyword index's current version (0: none yet); advanced only by a conditional write. */
  indexVersion: z.number(),
  /** The current index object's name (`<version>-<writer>`), absent before the first. */
  indexObject: z.string().optional(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StoredCollection = z.infer<typeof storedCollectionSchema>;

export const storedFileSchema = z.object({
  userId: z.string(),
  key: z.string(),
  collectionId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  status: z.enum(KNOWLEDGE_FILE_STATUSES),
  progress: z.number().optional(),
  reason: z.string().optional(),
  pages: z.number().optional(),
  chunkCount: z.number().optional(),
  /** Its bytes no longer count against the owner's plan (an upload that never arrived). */
  bytesReleased: z.boolean().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const storedChunkSchema = z.object({
  userId: z.string(),
  key: z.string(),
  collectionId: z.string(),
  fileId: z.string(),
  chunkIndex: z.number(),
  text: z.string(),
  location: passageLocationSchema,
});
export type StoredChunk = z.infer<typeof storedChunkSchema>;

/** A file's changed fields; null removes one. */
export type FileUpdate = {
  [K in 'status' | 'progress' | 'reason' | 'pages' | 'chunkCount']?: StoredFile[K] | null;
};

/** The reads by key a search needs (adapters/dynamodb/knowledge-reader.ts). */
export type KnowledgeReader = Pick<KnowledgeRepository, 'getCollection' | 'getFile' | 'getChunks'>;

export interface KnowledgeRepository {
  listCollections(ownerId: string): Promise<StoredCollection[]>;
  getCollection(ownerId: string, collectionId: string): Promise<StoredCollection | undefined>;
  createCollection(collection: StoredCollection): Promise<void>;
  /** Name and description; false when it is gone. */
  updateCollection(
    ownerId: string,
    collectionId: string,
    fields: { name: string; description: string; updatedAt: number },
  ): Promise<boolean>;
  /** Adds to the counts (negative to take away); a file count past `maxFiles` refuses (false). */
  addToCounts(
    ownerId: string,
    collectionId: string,
    delta: { files?: number; bytes?: number; chunks?: number },
    maxFiles?: number,
  ): Promise<boolean>;
  /** Points the keyword index at `object` (version `to`) if still at `from`; false when another writer was first. */
  advanceIndex(
    ownerId: string,
    collectionId: string,
    move: { from: number; to: number; object: string },
    embeddingModel?: string,
  ): Promise<boolean>;
  /** The collection's record, files and chunks. */
  deleteCollection(ownerId: string, collectionId: string): Promise<void>;

  /**
   * Adds `bytes` to the owner's reserved total, atomically, if it stays within `maxBytes`; false
   * when it would not, or when the owner has no usage record yet (`initUsage`, then again).
   */
  reserveBytes(ownerId: string, bytes: number, maxBytes: number): Promise<boolean>;
  /** Sets the owner's reserved total to `bytes` unless it has one; false when it had. */
  initUsage(ownerId: string, bytes: number): Promise<boolean>;
  /**
   * Counts one more collection for the owner, atomically, if the count stays within `max`; false
   * when it would not, or when the owner's count is not kept yet (`initCollectionCount`, then again).
   */
  reserveCollection(ownerId: string, max: number): Promise<boolean>;
  /** Sets the owner's collection count to `count` unless it is kept already; false when it was. */
  initCollectionCount(ownerId: string, count: number): Promise<boolean>;
  /** One collection fewer (deleted, or its creation failed); nothing when the count is not kept. */
  releaseCollection(ownerId: string): Promise<void>;
  /** Gives bytes back (a file deleted, an upload expired); nothing when there is no usage record. */
  releaseBytes(ownerId: string, bytes: number): Promise<void>;

  listFiles(ownerId: string, collectionId: string): Promise<StoredFile[]>;
  getFile(ownerId: string, collectionId: string, fileId: string): Promise<StoredFile | undefined>;
  putFile(file: StoredFile): Promise<void>;
  /** Changes an existing file's state; false when it is gone (deleted meanwhile). */
  updateFile(ownerId: string, collectionId: string, fileId: string, update: FileUpdate): Promise<boolean>;
  /** Fails a file still `uploading` with the reason and marks its bytes released; false when it is not. */
  expireUpload(ownerId: string, collectionId: string, fileId: string, reason: string): Promise<boolean>;
  /** The file's record and its chunks. */
  deleteFile(ownerId: string, collectionId: string, fileId: string): Promise<void>;

  putChunks(chunks: readonly StoredChunk[]): Promise<void>;
  getChunks(
    ownerId: string,
    refs: readonly { collectionId: string; fileId: string; chunkIndex: number }[],
  ): Promise<StoredChunk[]>;
  deleteChunks(ownerId: string, collectionId: string, fileId: string): Promise<void>;
}
