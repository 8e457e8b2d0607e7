import type { PassageLocation } from './extraction-types.js';

/** About 800 tokens (4 characters a token in English prose) with about 100 tokens' overlap. */
export const CHUNK_CHARACTERS = 3_200;
export const CHUNK_OVERLAP_CHARACTERS = 400;
/** A chunk ends at a paragraph, sentence or word break found in its last quarter, else mid-word. */
const MIN_CHUNK_CHARACTERS = CHUNK_CHARACTERS * 0.75;

export interface TextSegment {
  text: string;
  location: PassageLocation;
}

export interface Chunk {
  chunkIndex: number;
  text: string;
  location: PassageLocation;
}

/** The best place to end a chunk within `text[from, to)`: a paragraph, then a sentence, then a space. */
function breakAt(text: string, from: number, to: number): number {
  const window = text.slice(from, to);
  for (const pattern of [/\n\s*\n/g, /[.!?]\s/g, /\s/g]) {
    let last = -1;
    for (const match of window.matchAll(pattern)) last = match.index + match[0].length;
    if (last > 0) return from + last;
  }
  return to;
}

/**
 * Splits each segment (a PDF page, a document's section under its heading path) into chunks of
 * about CHUNK_CHARACTERS that overlap by CHUNK_OVERLAP_CHARACTERS, ending at natural breaks; a chunk
 * never spans two segments, so its location is exact. Whitespace-only text gives no chunk.
 */
export function chunkSegments(segments: readonly TextSegment[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const segment of segments) {
    const text = segment.text.replace(/[ \t]+\n/g, '\n').trim();
    let start = 0;
    while (start < text.length) {
      const end =
        text.length - start <= CHUNK_CHARACTERS
          ? text.length
          : breakAt(text, start + MIN_CHUNK_CHARACTERS, start + CHUNK_CHARACTERS);
      const piece = text.slice(start, end).trim();
      if (piece) chunks.push({ chunkIndex: chunks.length, text: piece, location: segment.location });
      if (end >= text.length) break;
      // The next chunk starts at a word break about CHUNK_OVERLAP_CHARACTERS back.
      const back = Math.max(start + 1, end - CHUNK_OVERLAP_CHARACTERS);
      const space = text.indexOf(' ', back);
      start = space > 0 && space < end ? space + 1 : back;
    }
  }
  return chunks;
}
