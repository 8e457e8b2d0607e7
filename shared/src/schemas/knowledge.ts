import * as z from 'zod/mini';
import { MAX_ID_LENGTH } from '../constants/limits';

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
 * The routes' shapes are in knowledge-routes.ts; this file keeps what a message and a conversation
 * carry (passages, citations, attached collections) with the limits and messages.
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
  uploadMissing: 'The upload did not arrive; upload the file again',
  emptyText: 'The file has no text to index (a scanned document needs OCR first)',
  truncated: `Only the first ${MAX_EXTRACTED_CHARACTERS.toLocaleString('en-US')} characters were indexed`,
  keywordOnly: 'Keyword search only: add an OpenAI, Google, Mistral or Bedrock key for meaning-based search',
} as const;

const id = z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH));

/** Where a passage sits in its file: a PDF's page, or a document's heading path. */
export const passageLocationSchema = z.object({
  page: z.optional(z.number().check(z.int(), z.positive())),
  section: z.optional(z.string().check(z.maxLength(300))),
});

/** A chunk found by a search, numbered as the answer cites it. */
export const knowledgePassageSchema = z.object({
  collectionId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  chunkIndex: z.number().check(z.int(), z.nonnegative()),
  text: z.string(),
  location: passageLocationSchema,
  /** Fused rank score (higher is better); how it matched. */
  score: z.number(),
  matchedBy: z.array(z.enum(['keyword', 'vector'])),
});
export type KnowledgePassage = z.infer<typeof knowledgePassageSchema>;

/** The collections a conversation (its settings) or an automation attaches. */
export const attachedCollectionIdsSchema = z
  .array(id)
  .check(z.maxLength(MAX_ATTACHED_COLLECTIONS, KNOWLEDGE_MESSAGES.tooManyAttached));

/** A reply's knowledge citations, numbered as the model cites them ([1], [2], ...). */
export const knowledgeCitationSchema = z.omit(knowledgePassageSchema, { score: true, matchedBy: true });
export type KnowledgeCitation = z.infer<typeof knowledgeCitationSchema>;
export const knowledgeCitationsSchema = z
  .array(knowledgeCitationSchema)
  .check(z.maxLength(MAX_SEARCH_RESULTS * 3));
