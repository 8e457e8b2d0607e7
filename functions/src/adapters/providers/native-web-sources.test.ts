import { describe, expect, it } from 'vitest';
import { openaiCitations } from './native-web-sources.js';

const URL_A = 'https://a.example.com/tides';
const URL_B = 'https://b.example.com/moon';
const citation = (text: string, part: string, url: string, title = 'Page') => {
  const start = text.indexOf(part);
  return { type: 'url_citation', start_index: start, end_index: start + part.length, url, title };
};

describe("OpenAI's url_citation annotations", () => {
  it('quote the sentence before an inline link, each from where the previous citation ended', () => {
    const linkA = `([a.example.com](${URL_A}))`;
    const linkB = `([b.example.com](${URL_B}))`;
    const text = `Tides follow the moon. High tide is at noon today. ${linkA} Springs are higher ${linkB}`;
    const annotations = [citation(text, linkA, URL_A, 'Tide table'), citation(text, linkB, URL_B)];
    expect(openaiCitations({ openai: { annotations } }, text)).toEqual([
      { url: URL_A, title: 'Tide table', quote: 'High tide is at noon today.' },
      { url: URL_B, title: 'Page', quote: 'Springs are higher' },
    ]);
  });

  it('quote the range itself where it is prose, and skip file citations and malformed ranges', () => {
    const text = 'The moon pulls the sea. Nothing else.';
    const annotations = [
      citation(text, 'The moon pulls the sea.', URL_A),
      { type: 'file_citation', file_id: 'file-1', filename: 'notes.txt', index: 3 },
      { type: 'url_citation', url: URL_B, title: 'No range' },
    ];
    expect(openaiCitations({ openai: { annotations } }, text)).toEqual([
      { url: URL_A, title: 'Page', quote: 'The moon pulls the sea.' },
    ]);
  });

  it('are none without annotations (another provider, or a message that cites nothing)', () => {
    expect(openaiCitations(undefined, 'text')).toEqual([]);
    expect(openaiCitations({ anthropic: { citations: [] } }, 'text')).toEqual([]);
  });
});
