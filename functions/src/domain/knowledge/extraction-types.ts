import type { KNOWLEDGE_MESSAGES } from '@agentforge/shared';

/** Where a passage sits: a PDF's page, or a document's heading path ('Setup › Install'). */
export interface PassageLocation {
  page?: number;
  section?: string;
}

/** Why a file could not be indexed (KNOWLEDGE_MESSAGES keys, shown on its row). */
export type ExtractionFailure = keyof Pick<
  typeof KNOWLEDGE_MESSAGES,
  'extractionFailed' | 'extractionTimedOut' | 'extractionTooLarge' | 'encrypted' | 'emptyText'
>;

export type ExtractionResult =
  | {
      ok: true;
      segments: { text: string; location: PassageLocation }[];
      pages?: number;
      /** The text was cut at MAX_EXTRACTED_CHARACTERS. */
      truncated: boolean;
    }
  | { ok: false; reason: ExtractionFailure };
