import { describe, expect, it } from 'vitest';
import { CHUNK_CHARACTERS, CHUNK_OVERLAP_CHARACTERS, chunkSegments } from './chunking.js';

const sentence = (i: number) => `Sentence number ${i} says something about topic ${i % 7}. `;
const prose = (sentences: number) => Array.from({ length: sentences }, (_, i) => sentence(i)).join('');

describe('chunkSegments', () => {
  it('keeps a short segment whole, with its location', () => {
    expect(chunkSegments([{ text: '  Short text.  ', location: { page: 3 } }])).toEqual([
      { chunkIndex: 0, text: 'Short text.', location: { page: 3 } },
    ]);
  });

  it('splits long text into chunks of about 800 tokens ending at sentence breaks, overlapping', () => {
    const text = prose(400);
    const chunks = chunkSegments([{ text, location: { section: 'Guide › Install' } }]);
    expect(chunks.length).toBeGreaterThan(text.length / CHUNK_CHARACTERS);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_CHARACTERS);
      expect(chunk.location).toEqual({ section: 'Guide › Install' });
    }
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.text.length).toBeGreaterThanOrEqual(CHUNK_CHARACTERS * 0.75);
      expect(chunk.text.endsWith('.')).toBe(true);
    }
    // Each chunk starts inside the previous one's last CHUNK_OVERLAP_CHARACTERS (plus a word).
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]?.text ?? '';
      const head = chunks[i]?.text.slice(0, 40) ?? '';
      const at = previous.lastIndexOf(head);
      expect(at, `chunk ${i} overlaps the one before`).toBeGreaterThan(-1);
      expect(previous.length - at).toBeLessThanOrEqual(CHUNK_OVERLAP_CHARACTERS + 40);
    }
    // Nothing is lost: every sentence is in some chunk.
    for (let i = 0; i < 400; i += 37) {
      expect(chunks.some((chunk) => chunk.text.includes(sentence(i).trim()))).toBe(true);
    }
  });

  it('never spans two segments, numbers chunks across them and skips blank ones', () => {
    const chunks = chunkSegments([
      { text: 'Page one.', location: { page: 1 } },
      { text: '   \n ', location: { page: 2 } },
      { text: prose(100), location: { page: 3 } },
    ]);
    expect(chunks[0]).toEqual({ chunkIndex: 0, text: 'Page one.', location: { page: 1 } });
    expect(chunks.slice(1).every((chunk) => chunk.location.page === 3)).toBe(true);
    expect(chunks.map((chunk) => chunk.chunkIndex)).toEqual(chunks.map((_, i) => i));
  });

  it('cuts text with no break at all at the chunk size', () => {
    const chunks = chunkSegments([{ text: 'x'.repeat(CHUNK_CHARACTERS * 2), location: {} }]);
    expect(chunks[0]?.text).toHaveLength(CHUNK_CHARACTERS);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
  });
});
