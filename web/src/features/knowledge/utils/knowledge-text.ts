import {
  KNOWLEDGE_FILE_TYPES,
  KNOWLEDGE_MESSAGES,
  type KnowledgePassage,
  knowledgeUploadInputSchema,
} from '@agentforge/shared';

/** The file picker's filter: every extension the contract takes. */
export const KNOWLEDGE_FILE_ACCEPT = Object.keys(KNOWLEDGE_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

/**
 * What POST …/files is sent for a picked file (the content type from its extension, as the server
 * stores it), or the contract's message saying why it cannot be uploaded.
 */
export function uploadInputFor(
  file: Pick<File, 'name' | 'size'>,
): { input: { fileName: string; contentType: string; size: number } } | { error: string } {
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const contentType = extension ? KNOWLEDGE_FILE_TYPES[extension] : undefined;
  if (!contentType) return { error: KNOWLEDGE_MESSAGES.fileType };
  const parsed = knowledgeUploadInputSchema.safeParse({ fileName: file.name, contentType, size: file.size });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? KNOWLEDGE_MESSAGES.fileType };
  return { input: parsed.data };
}

/** `12 KB`, `1.4 MB`. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Where a passage sits: 'Page 3', 'Setup › Install', both, or nothing known. */
export function locationText(location: KnowledgePassage['location']): string {
  return [location.page === undefined ? '' : `Page ${location.page}`, location.section ?? '']
    .filter(Boolean)
    .join(' · ');
}

/** `3 files · 1.4 MB`. */
export const filesText = (count: number, bytes: number) =>
  `${count} ${count === 1 ? 'file' : 'files'} · ${sizeText(bytes)}`;
