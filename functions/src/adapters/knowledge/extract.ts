import type { ExtractionResult, PassageLocation } from '../../domain/knowledge/extraction-types.js';
import { htmlToText } from '../web-search/html-text.js';

/**
 * A knowledge file's text, by its stored type (KNOWLEDGE_FILE_TYPES): PDF page by page (unpdf),
 * DOCX through mammoth's HTML (its headings kept), HTML and Markdown section by section under
 * their heading path, everything else as plain text. Runs inside the extraction worker
 * (extraction-runner.ts), which bounds its time and memory; the limits here are the ones a worker
 * cannot see coming: a zip bomb's declared sizes, an encrypted container, the text kept. It imports
 * nothing of the shared package, so the worker starts fast.
 */

/** A DOCX (a zip) may expand this much at most, in bytes, and past 20 MB this much times its size. */
const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
const MAX_UNZIP_RATIO = 100;
/** Below this a high ratio is ordinary (a page of XML compresses well). */
const MIN_SUSPICIOUS_BYTES = 20 * 1024 * 1024;
/** An OLE compound file: what Office writes for a password-protected (encrypted) document. */
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

type Segments = { text: string; location: PassageLocation }[];

/** Markdown's sections under their heading path ('Guide › Install'), text before any heading first. */
export function markdownSections(markdown: string): Segments {
  const segments: Segments = [];
  const path: { level: number; title: string }[] = [];
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = lines.join('\n').trim();
    const section = path
      .map((heading) => heading.title)
      .join(' › ')
      .slice(0, 300);
    if (text) segments.push({ text, location: section ? { section } : {} });
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? undefined : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] as string).length;
      while (path.length > 0 && (path.at(-1)?.level ?? 0) >= level) path.pop();
      path.push({ level, title: heading[2] as string });
    }
    lines.push(line);
  }
  flush();
  return segments;
}

/** HTML's text with its headings as Markdown headings, then sectioned as Markdown. */
export function htmlSections(html: string): Segments {
  const marked = html.replace(
    /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi,
    (_, level: string, inner: string) => `<p>${'#'.repeat(Number(level))} ${inner.replace(/\s+/g, ' ')}</p>`,
  );
  return markdownSections(htmlToText(marked).text);
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

async function docxSegments(bytes: Uint8Array): Promise<Segments | 'encrypted' | 'bomb'> {
  if (startsWith(bytes, CFB_MAGIC)) return 'encrypted';
  // The sizes the zip's directory declares, before anything is inflated (mammoth reads it with JSZip).
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(bytes);
  let declared = 0;
  zip.forEach((_, entry) => {
    declared += (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  });
  const suspicious = declared > MIN_SUSPICIOUS_BYTES && declared > bytes.length * MAX_UNZIP_RATIO;
  if (declared > MAX_UNZIPPED_BYTES || suspicious) {
    return 'bomb';
  }
  const mammoth = await import('mammoth');
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return htmlSections(value);
}

async function pdfSegments(bytes: Uint8Array): Promise<{ segments: Segments; pages: number } | 'encrypted'> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') return 'encrypted';
    throw error;
  }
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  const pages = Array.isArray(text) ? text : [text];
  return {
    segments: pages.map((page, index) => ({ text: page, location: { page: index + 1 } })),
    pages: totalPages,
  };
}

/** Cuts the segments at `maxCharacters` in all. */
function capped(segments: Segments, maxCharacters: number): { segments: Segments; truncated: boolean } {
  let left = maxCharacters;
  const kept: Segments = [];
  for (const segment of segments) {
    if (left <= 0) return { segments: kept, truncated: true };
    kept.push(segment.text.length > left ? { ...segment, text: segment.text.slice(0, left) } : segment);
    left -= segment.text.length;
  }
  return { segments: kept, truncated: left < 0 };
}

/** The file's text in segments, at most `maxCharacters` of it (MAX_EXTRACTED_CHARACTERS). */
export async function extractText(
  bytes: Uint8Array,
  contentType: string,
  maxCharacters: number,
): Promise<ExtractionResult> {
  let segments: Segments;
  let pages: number | undefined;
  if (contentType === 'application/pdf') {
    const pdf = await pdfSegments(bytes);
    if (pdf === 'encrypted') return { ok: false, reason: 'encrypted' };
    ({ segments, pages } = pdf);
  } else if (contentType.includes('wordprocessingml')) {
    const docx = await docxSegments(bytes);
    if (docx === 'encrypted') return { ok: false, reason: 'encrypted' };
    if (docx === 'bomb') return { ok: false, reason: 'extractionTooLarge' };
    segments = docx;
  } else {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (contentType === 'text/html') segments = htmlSections(text);
    else if (contentType === 'text/markdown') segments = markdownSections(text);
    else segments = [{ text, location: {} }];
  }
  const kept = capped(
    segments.filter((segment) => segment.text.trim()),
    maxCharacters,
  );
  if (kept.segments.length === 0) return { ok: false, reason: 'emptyText' };
  return { ok: true, ...kept, ...(pages === undefined ? {} : { pages }) };
}
