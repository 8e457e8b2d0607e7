import * as z from 'zod';
import { MAX_ID_LENGTH } from '../constants/limits';
import { MAX_ATTACHMENT_FILE_NAME_LENGTH } from './attachment-limits';
import {
  DEFAULT_KNOWLEDGE_PASSAGES,
  KNOWLEDGE_MESSAGES,
  knowledgePassageSchema,
  MAX_ATTACHED_COLLECTIONS,
  MAX_COLLECTION_DESCRIPTION_LENGTH,
  MAX_COLLECTION_NAME_LENGTH,
  MAX_KNOWLEDGE_FILE_BYTES,
  MAX_KNOWLEDGE_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
} from './knowledge';

/**
 * The knowledge routes' shapes (the routes are listed in knowledge.ts, with the limits, messages,
 * passages and citations). Apart from knowledge.ts because a chat message and a conversation carry
 * citations and attached collections: the web's chat then loads only knowledge.ts, and the
 * collections' pages this file too.
 */

const id = z.string().min(1).max(MAX_ID_LENGTH);

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
