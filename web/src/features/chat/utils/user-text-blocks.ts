/** A part of a user's message: plain text, or a fenced code block (its info string's language and file name). */
export type UserTextBlock =
  | { type: 'text'; text: string }
  | { type: 'code'; code: string; language: string; fileName: string };

const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * The user's message split into text and fenced code blocks, by CommonMark's fence rules (up to
 * three spaces before three or more backticks or tildes; a backtick fence's info string has no
 * backtick; the block ends at a fence of the same character at least as long, or at the end).
 * Nothing else is read as Markdown: a user's text never becomes markup.
 */
export function userTextBlocks(content: string): UserTextBlock[] {
  const blocks: UserTextBlock[] = [];
  const lines = content.split('\n');
  let text: string[] = [];
  const flushText = () => {
    const joined = text.join('\n').replace(/^\n+|\n+$/g, '');
    if (joined.trim()) blocks.push({ type: 'text', text: joined });
    text = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const opening = OPENING_FENCE.exec(line);
    const fence = opening?.[1] ?? '';
    const info = (opening?.[2] ?? '').trim();
    if (!opening || (fence.startsWith('`') && info.includes('`'))) {
      text.push(line);
      continue;
    }
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const code: string[] = [];
    index++;
    while (index < lines.length && !closing.test(lines[index] ?? '')) code.push(lines[index++] ?? '');
    flushText();
    const [language = '', ...name] = info.split(/\s+/);
    blocks.push({ type: 'code', code: code.join('\n'), language, fileName: name.join(' ') });
  }
  flushText();
  return blocks;
}
