import { CHAT_MESSAGES, MAX_MESSAGE_LENGTH } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { codeSources, codeToChatMessage, folderOf } from './code-sources';

const files = [
  { path: 'src/app.js', content: 'const a = 1;\nconst b = 2;\n' },
  { path: 'src/app.css', content: 'p {}' },
  { path: 'index.html', content: '<p></p>' },
];
const app = files[0] as (typeof files)[number];

describe('what Send Code to Chat can send', () => {
  it('offers the selection, the whole file and its folder', () => {
    const sources = codeSources(app, 'const b', files);
    expect(sources.map((source) => [source.kind, source.label])).toEqual([
      ['selection', 'The selection'],
      ['file', 'The whole file src/app.js'],
      ['folder', 'The folder src/ (2 files)'],
    ]);
    expect(sources.map((source) => source.payload)).toEqual([
      { code: 'const b', filePath: 'src/app.js', language: 'javascript', isFolder: false },
      { code: app.content, filePath: 'src/app.js', language: 'javascript', isFolder: false },
      {
        code: '==> src/app.css <==\np {}\n\n==> src/app.js <==\nconst a = 1;\nconst b = 2;\n',
        filePath: 'src/',
        language: 'text',
        isFolder: true,
      },
    ]);
  });

  it('offers no selection when nothing is selected, and no folder at the top', () => {
    expect(codeSources(files[2] as (typeof files)[number], '', files).map((source) => source.kind)).toEqual([
      'file',
    ]);
    expect(folderOf('a/b/c.js')).toBe('a/b');
    expect(folderOf('c.js')).toBe('');
  });
});

describe('codeToChatMessage', () => {
  const [selection] = codeSources(app, 'const b', files);
  if (!selection) throw new Error('no source');

  it('requires a prompt (spec 5)', () => {
    expect(codeToChatMessage(selection, '  ')).toEqual({ error: CHAT_MESSAGES.codePromptRequired });
  });

  it('composes the prompt and the fenced code', () => {
    expect(codeToChatMessage(selection, 'Explain')).toEqual({
      message: 'Explain\n\n```javascript src/app.js\nconst b\n```',
    });
  });

  it('refuses a message longer than the chat takes', () => {
    const big = { ...selection, payload: { ...selection.payload, code: 'x'.repeat(MAX_MESSAGE_LENGTH) } };
    expect(codeToChatMessage(big, 'Explain')).toEqual({ error: CHAT_MESSAGES.messageTooLong });
  });
});
