import type { AttachmentStore } from '../attachments/attachment-store.js';

/**
 * Knowledge's objects in the attachments bucket (under `knowledge/`): the uploaded files, through
 * presigned PUTs as attachments are, and each collection's keyword index.
 */
export interface KnowledgeStore
  extends Pick<AttachmentStore, 'presignUpload' | 'head' | 'read' | 'deletePrefix'> {
  writeText(key: string, text: string): Promise<void>;
  /** The object's text, undefined when there is none. */
  readText(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
}
