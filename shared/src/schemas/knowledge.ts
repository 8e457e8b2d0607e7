import * as z from 'zod';
import { MAX_ID_LENGTH } from '../constants/limits';
import { MAX_ATTACHMENT_FILE_NAME_LENGTH } from './attachment-files';

/**
 * Knowledge (issue 33): collections of documents the chat and automations search, answers citing
 * the passages they used. This file is the API's contract (routes under /knowledge); the limits
 * per plan are in constants/plans.ts (`KNOWLEDGE_LIMITS`).
 *
 * Routes:
 *   GET  /knowledge/collections                       (?teamId= for a team's)  → collectionList
 *   POST /knowledge/collections                       collectionInput          → collection (201)
 *   GET|PUT|DELETE /knowledge/collections/{id}        (PUT: collectionInput without teamId)
 *   GET  /knowledge/collections/{id}/files                                     → knowledgeFileList
 *   POST /knowledge/collections/{id}/files            knowledgeUploadInput     → knowledgeUpload (201)
 *   GET|DELETE /knowledge/collections/{id}/files/{fileId}                       (GET → knowledgeFile)
 *   POST /knowledge/search                            knowledgeSearchInput     → knowledgeSearchResult
 *   GET  /knowledge/collections/{id}/files/{fileId}/chunks/{chunkIndex}         → knowledgePassage
 * A team's collections: its Admins create, change and upload; its Users list, read and search.
 */
export const MAX_COLLECTION_NAME_LENGTH = 100;
export const MAX_COLLECTION_DESCRIPTION_LENGTH = 500;
/** Collections one conversation or automation may attach. */
export const MAX_ATTACHED_COLLECTIONS = 5;
/** One file's size before extraction (the plan's total is KNOWLEDGE_LIMITS). */
export const MAX_KNOWLEDGE_FILE_BYTES = 25 * 1024 * 1024;
/** Extracted text kept per file (a bigger document is indexed up to here, and says so). */
export const MAX_EXTRACTED_CHARACTERS = 2_000_000;
/** Wall-clock limit for one file's extraction (a PDF bomb fails cleanly). */
export const EXTRACTION_TIMEOUT_SECONDS = 120;
export const MAX_KNOWLEDGE_QUERY_LENGTH = 1_000;
export const MAX_SEARCH_RESULTS = 20;
/** Passages the chat puts in the turn when the user asks for them (and `search_knowledge`'s default). */
export const DEFAULT_KNOWLEDGE_PASSAGES = 5;

/** Extension → the content type a knowledge file is stored as (PDF, DOCX, Markdown, text, HTML, CSV, code). */
export const KNOWLEDGE_FILE_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  text: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  csv: 'text/csv',
  json: 'application/json',
  // Source code is stored as text/plain.
  ts: 'text/plain',
  tsx: 'text/plain',
  js: 'text/plain',
  jsx: 'text/plain',
  py: 'text/plain',
  java: 'text/plain',
  go: 'text/plain',
  rs: 'text/plain',
  rb: 'text/plain',
  c: 'text/plain',
  h: 'text/plain',
  cpp: 'text/plain',
  cs: 'text/plain',
  php: 'text/plain',
  sh: 'text/plain',
  sql: 'text/plain',
  yaml: 'text/plain',
  yml: 'text/plain',
  toml: 'text/plain',
  xml: 'text/plain',
};

export const KNOWLEDGE_MESSAGES = {
  nameRequired: 'Enter a name',
  nameTooLong: `A name has at most ${MAX_COLLECTION_NAME_LENGTH} characters`,
  descriptionTooLong: `A description has at most ${MAX_COLLECTION_DESCRIPTION_LENGTH} characters`,
  notFound: 'Collection not found',
  fileNotFound: 'File not found',
  fileType: 'Upload a PDF, Word (.docx), Markdown, text, HTML, CSV or code file',
  fileTooLarge: `A file has at most ${MAX_KNOWLEDGE_FILE_BYTES / (1024 * 1024)} MB`,
  tooManyCollections: (max: number) => `Your plan allows ${max} collections; delete one or upgrade`,
  tooManyFiles: (max: number) => `Your plan allows ${max} files in a collection; delete one or upgrade`,
  storageFull: (mb: number) =>
    `Your plan allows ${mb.toLocaleString('en-US')} MB of documents; delete some or upgrade`,
  tooManyAttached: `Attach at most ${MAX_ATTACHED_COLLECTIONS} collections`,
  adminsOnly: "Only the team's Admins can change its collections",
  queryRequired: 'Enter what to search for',
  /** A file's failure reasons, shown on its row. */
  extractionFailed: 'The file could not be read',
  extractionTimedOut: `Reading the file took longer than ${EXTRACTION_TIMEOUT_SECONDS} seconds`,
  extractionTooLarge: 'The file expands to more text than a file may hold',
  encrypted: 'The file is password-protected',
  emptyText: 'The file has no text to index (a scanned document needs OCR first)',
  truncated: `Only the first ${MAX_EXTRACTED_CHARACTERS.toLocaleString('en-US')} characters were indexed`,
  keywordOnly: 'Keyword search only: add an OpenAI, Google, Mistral or Bedrock key for meaning-based search',
} as const;

const id = z.string().min(1).max(MAX_ID_LENGTH);

export const collectionInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, KNOWLEDGE_MESSAGES.nameRequired)
    .max(MAX_COLLECTION_NAME_LENGTH, KNOWLEDGE_MESSAGES.nameTooLong),
  description: z
    .string()
    .trim()
    .max(MAX_COLLECTION_DESCRIPTION_LENGTH, KNOWLEDGE_MESSAGES.descriptionTooLong)
    .default(''),
  /** Set on create: the team's collection (its Admins manage it). */
  teamId: id.optional(),
});
export type CollectionInput = z.input<typeof collectionInputSchema>;
export const collectionUpdateSchema = collectionInputSchema.omit({ teamId: true });

export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  teamId: z.string().optional(),
  fileCount: z.number(),
  /** Bytes of the files as uploaded. */
  totalBytes: z.number(),
  chunkCount: z.number(),
  /** The embedding model its vectors use (`provider:model`); absent: keyword search only so far. */
  embeddingModel: z.string().optional(),
  /** Whether the caller may change it (their own; a team's for its Admins). */
  editable: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionListSchema = z.object({ collections: z.array(collectionSchema) });

export const KNOWLEDGE_FILE_STATUSES = ['uploading', 'queued', 'indexing', 'ready', 'failed'] as const;
export type KnowledgeFileStatus = (typeof KNOWLEDGE_FILE_STATUSES)[number];
export const KNOWLEDGE_FILE_STATUS_LABELS: Readonly<Record<KnowledgeFileStatus, string>> = {
  uploading: 'Uploading',
  queued: 'Queued',
  indexing: 'Indexing',
  ready: 'Ready',
  failed: 'Failed',
};

export const knowledgeFileSchema = z.object({
  id: z.string(),
  collectionId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  status: z.enum(KNOWLEDGE_FILE_STATUSES),
  /** 0-1 while indexing (chunks embedded / chunks), for the progress bar. */
  progress: z.number().min(0).max(1).optional(),
  /** Why it failed, or a warning on a ready file (KNOWLEDGE_MESSAGES). */
  reason: z.string().optional(),
  pages: z.number().optional(),
  chunkCount: z.number().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFileSchema>;
export const knowledgeFileListSchema = z.object({ files: z.array(knowledgeFileSchema) });

/** POST /knowledge/collections/{id}/files: then PUT the bytes to `uploadUrl` with `headers`. */
export const knowledgeUploadInputSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(MAX_ATTACHMENT_FILE_NAME_LENGTH),
  contentType: z.string().max(200),
  size: z.number().int().min(1).max(MAX_KNOWLEDGE_FILE_BYTES, KNOWLEDGE_MESSAGES.fileTooLarge),
});
export const knowledgeUploadSchema = z.object({
  file: knowledgeFileSchema,
  uploadUrl: z.url(),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.number(),
});
export type KnowledgeUpload = z.infer<typeof knowledgeUploadSchema>;

/** Where a passage sits in its file: a PDF's page, or a document's heading path. */
export const passageLocationSchema = z.object({
  page: z.number().int().positive().optional(),
  section: z.string().max(300).optional(),
});

/** A chunk found by a search, numbered as the answer cites it. */
export const knowledgePassageSchema = z.object({
  collectionId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  chunkIndex: z.number().int().nonnegative(),
  text: z.string(),
  location: passageLocationSchema,
  /** Fused rank score (higher is better); how it matched. */
  score: z.number(),
  matchedBy: z.array(z.enum(['keyword', 'vector'])),
});
export type KnowledgePassage = z.infer<typeof knowledgePassageSchema>;

export const knowledgeSearchInputSchema = z.strictObject({
  query: z.string().trim().min(1, KNOWLEDGE_MESSAGES.queryRequired).max(MAX_KNOWLEDGE_QUERY_LENGTH),
  collectionIds: z.array(id).min(1).max(MAX_ATTACHED_COLLECTIONS, KNOWLEDGE_MESSAGES.tooManyAttached),
  limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).default(DEFAULT_KNOWLEDGE_PASSAGES),
});
export const knowledgeSearchResultSchema = z.object({
  passages: z.array(knowledgePassageSchema),
  /** `hybrid` when an embedding model was available for every collection searched. */
  mode: z.enum(['keyword', 'hybrid']),
});
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResultSchema>;

/** The collections a conversation (its settings) or an automation attaches. */
export const attachedCollectionIdsSchema = z
  .array(id)
  .max(MAX_ATTACHED_COLLECTIONS, KNOWLEDGE_MESSAGES.tooManyAttached);

/** A reply's knowledge citations, numbered as the model cites them ([1], [2], ...). */
export const knowledgeCitationSchema = knowledgePassageSchema.omit({ score: true, matchedBy: true });
export type KnowledgeCitation = z.infer<typeof knowledgeCitationSchema>;
export const knowledgeCitationsSchema = z.array(knowledgeCitationSchema).max(MAX_SEARCH_RESULTS * 3);
