import { VOICE_MESSAGES } from '@agentforge/shared';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm);
type Root = ReturnType<typeof parser.parse>;
type MarkdownNode = Root | Root['children'][number];

/** Nodes whose children are blocks, each said on a line of its own. */
const BLOCK_CONTAINERS = new Set(['root', 'blockquote', 'list', 'listItem', 'table']);

function spoken(node: MarkdownNode): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'code':
      return VOICE_MESSAGES.codeBlock(node.lang ?? '');
    case 'image':
      return node.alt ?? '';
    case 'break':
      return '\n';
    case 'html':
    case 'footnoteDefinition':
      return '';
    case 'tableRow':
      return node.children.map(spoken).join(', ');
  }
  if (!('children' in node)) return '';
  return node.children.map(spoken).join(BLOCK_CONTAINERS.has(node.type) ? '\n' : '');
}

/**
 * A reply's text as it reads, one line per block: the Markdown's words without its syntax, a
 * fenced code block said as 'Code block in <language>.' rather than spelt out, raw HTML left out.
 */
export function speakableText(markdown: string): string {
  return spoken(parser.parse(markdown))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** Long utterances get cut off in some browsers (Chrome stops after about 15 s): at most this many characters each. */
const MAX_UTTERANCE_CHARS = 200;

/** The text in utterances: a line each, long lines split between sentences (a long sentence between words). */
export function speechChunks(text: string, max = MAX_UTTERANCE_CHARS): string[] {
  const chunks: string[] = [];
  for (const line of text.split('\n')) {
    let current = '';
    const add = (piece: string) => {
      const joined = current ? `${current} ${piece}` : piece;
      if (joined.length <= max) current = joined;
      else {
        if (current) chunks.push(current);
        current = piece;
      }
    };
    for (const sentence of line.split(/(?<=[.!?;:])\s+/)) {
      if (sentence.length <= max) add(sentence);
      else for (const word of sentence.split(/\s+/)) add(word);
    }
    if (current) chunks.push(current);
  }
  return chunks;
}
