import {
  ATTACHMENT_INPUT_MESSAGES,
  type AttachmentKind,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
} from './attachment-limits';

/**
 * The files that can be attached (issue 17): their types, the checks both sides make and the texts
 * of their refusals. The web app loads this module with the first file picked (or ahead of it, on
 * the paperclip's pointer or focus); the limits are in attachment-limits, the picker's `accept` in
 * attachment-accept.
 */

/** Image types by extension: the declared type must be this one. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Text files by extension, and the type they are stored and served as (always text, never run). */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
};

/** Source code and configuration: stored and served as text/plain whatever the browser declared. */
const CODE_EXTENSIONS = new Set([
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'mts',
  'cts',
  'tsx',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'kts',
  'scala',
  'swift',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'php',
  'sh',
  'bash',
  'zsh',
  'ps1',
  'sql',
  'r',
  'lua',
  'pl',
  'dart',
  'ex',
  'exs',
  'erl',
  'hs',
  'clj',
  'vue',
  'svelte',
  'html',
  'htm',
  'css',
  'scss',
  'less',
  'xml',
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'properties',
  'gradle',
  'tf',
  'graphql',
  'proto',
  'diff',
  'patch',
]);

/**
 * Declared types a text or code file may come with: browsers declare what the OS maps the
 * extension to (often nothing, or `video/mp2t` for `.ts`), so only types that say the file is
 * something else (an image, audio, video, an archive, a PDF) are refused.
 */
function isTextLikeDeclaredType(declared: string, extension: string): boolean {
  if (declared === '' || declared === 'application/octet-stream') return true;
  if (declared.startsWith('text/')) return true;
  if (
    /^application\/([\w.+-]+\+)?(json|xml|yaml|x-yaml|toml|javascript|typescript|sql|graphql)$/.test(declared)
  )
    return true;
  if (/^application\/x-(sh|httpd-php|python|ruby|perl|typescript|javascript|sql|tex)$/.test(declared))
    return true;
  return declared === 'video/mp2t' && ['ts', 'mts', 'cts'].includes(extension);
}

/**
 * Documents the browser reads as text before attaching (the text goes as `<name>.txt`; storage
 * never takes the document itself): the types they may be declared as.
 */
const DOCUMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

export type TextDocumentFormat = 'pdf' | 'docx';

/** The document format of a file the browser reads as text, by extension (undefined: not one). */
export function textDocumentFormat(fileName: string): TextDocumentFormat | undefined {
  const extension = fileExtension(fileName);
  return extension === 'pdf' || extension === 'docx' ? extension : undefined;
}

/** The picker's `accept` these tables make (ATTACHMENT_FILE_ACCEPT is it written out). */
export function attachmentFileAccept(): string {
  return [
    ...new Set(Object.values(IMAGE_TYPES)),
    ...Object.values(DOCUMENT_TYPES).flat(),
    ...[...Object.keys(TEXT_TYPES), ...Object.keys(DOCUMENT_TYPES), ...CODE_EXTENSIONS].map(
      (extension) => `.${extension}`,
    ),
  ].join(',');
}

export const ATTACHMENT_MESSAGES = {
  unsupportedType: (fileName: string) =>
    `${fileName}: this type of file cannot be attached. Attach images (PNG, JPEG, GIF, WebP), PDF or Word (DOCX) documents, or text and code files.`,
  typeMismatch: (fileName: string) => `${fileName}: the file's type does not match its extension.`,
  imageTooLarge: (fileName: string) => `${fileName} is too large: images may be at most 5 MB.`,
  textTooLarge: (fileName: string) => `${fileName} is too large: text files may be at most 512 KB.`,
  documentTooLarge: (fileName: string) => `${fileName} is too large: documents may be at most 10 MB.`,
  documentTextTooLarge: (fileName: string) =>
    `${fileName} has too much text: a document's text may be at most 512 KB.`,
  documentUnreadable: (fileName: string) =>
    `${fileName} could not be read. Is it a valid, unlocked document?`,
  documentWithoutText: (fileName: string) =>
    `${fileName} has no text to read (a scanned document has only images of its pages).`,
  empty: (fileName: string) => `${fileName} is empty.`,
  tooMany: ATTACHMENT_INPUT_MESSAGES.tooMany,
  notFound: 'Attachment not found',
  notUploaded: 'An attachment was not uploaded, or no longer exists. Attach it again.',
  needsMessage: 'Attachments must be sent with a message.',
  modelRefusesImages: 'This model does not accept images',
  /** At an image attached while the chosen model takes none: it stays here until sent to one. */
  imageHeldBack: 'This model does not accept images: switch model, or send without it.',
  uploadFailed: (fileName: string) => `${fileName} could not be uploaded. Try again.`,
  /** Sending while a file's upload failed. */
  removeFailed: ATTACHMENT_INPUT_MESSAGES.removeFailed,
} as const;

/** What a file is for the product, decided from its name and declared type. */
export interface AttachmentType {
  kind: AttachmentKind;
  /** The type it is stored and served with. */
  contentType: string;
  maxBytes: number;
}

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The declared type without parameters, lower case (`Text/Plain; charset=x` -> `text/plain`). */
function baseType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The attachment type of a file by extension and declared type, or the reason it is refused.
 * Images must be declared as the image type their extension names; text and code files are
 * stored as a text type whatever the browser declared, unless it declared something else.
 */
export function attachmentTypeOf(file: {
  fileName: string;
  contentType: string;
}): { ok: true; type: AttachmentType } | { ok: false; message: string } {
  const extension = fileExtension(file.fileName);
  const declared = baseType(file.contentType);
  const image = IMAGE_TYPES[extension];
  if (image) {
    return declared === image
      ? { ok: true, type: { kind: 'image', contentType: image, maxBytes: MAX_IMAGE_BYTES } }
      : { ok: false, message: ATTACHMENT_MESSAGES.typeMismatch(file.fileName) };
  }
  const text = TEXT_TYPES[extension] ?? (CODE_EXTENSIONS.has(extension) ? 'text/plain' : undefined);
  if (!text) return { ok: false, message: ATTACHMENT_MESSAGES.unsupportedType(file.fileName) };
  if (!isTextLikeDeclaredType(declared, extension)) {
    return { ok: false, message: ATTACHMENT_MESSAGES.typeMismatch(file.fileName) };
  }
  return { ok: true, type: { kind: 'text', contentType: text, maxBytes: MAX_TEXT_FILE_BYTES } };
}

/** Why a file cannot be attached (type or size), or undefined when it can. */
export function attachmentProblem(file: {
  fileName: string;
  contentType: string;
  size: number;
}): string | undefined {
  const result = attachmentTypeOf(file);
  if (!result.ok) return result.message;
  if (file.size <= 0) return ATTACHMENT_MESSAGES.empty(file.fileName);
  if (file.size > result.type.maxBytes) {
    return result.type.kind === 'image'
      ? ATTACHMENT_MESSAGES.imageTooLarge(file.fileName)
      : ATTACHMENT_MESSAGES.textTooLarge(file.fileName);
  }
  return undefined;
}

/** Why a PDF or Word document cannot be read for attaching (type or size), or undefined when it can. */
export function documentProblem(file: {
  fileName: string;
  contentType: string;
  size: number;
}): string | undefined {
  const format = textDocumentFormat(file.fileName);
  if (!format) return ATTACHMENT_MESSAGES.unsupportedType(file.fileName);
  const declared = baseType(file.contentType);
  if (
    declared !== '' &&
    declared !== 'application/octet-stream' &&
    !DOCUMENT_TYPES[format]?.includes(declared)
  ) {
    return ATTACHMENT_MESSAGES.typeMismatch(file.fileName);
  }
  if (file.size <= 0) return ATTACHMENT_MESSAGES.empty(file.fileName);
  if (file.size > MAX_DOCUMENT_BYTES) return ATTACHMENT_MESSAGES.documentTooLarge(file.fileName);
  return undefined;
}

/** The kind of a stored attachment from its stored type (undefined: not one this product stores). */
export function attachmentKindOfStoredType(contentType: string): AttachmentKind | undefined {
  const type = baseType(contentType);
  if (Object.values(IMAGE_TYPES).includes(type)) return 'image';
  if (Object.values(TEXT_TYPES).includes(type)) return 'text';
  return undefined;
}
