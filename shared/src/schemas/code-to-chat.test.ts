import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '../messages/chat';
import {
  codeFence,
  codeToChatPayloadSchema,
  composeCodeMessage,
  filesUnder,
  folderCode,
} from './code-to-chat';

const payload = {
  code: 'const a = 1;',
  filePath: 'src/app.js',
  language: 'javascript',
  isFolder: false,
  prompt: 'Explain this',
};

describe('the code-to-chat payload (spec 3)', () => {
  it('has exactly code, filePath, language, isFolder and prompt', () => {
    expect(Object.keys(codeToChatPayloadSchema.shape).sort()).toEqual(
      ['code', 'filePath', 'isFolder', 'language', 'prompt'].sort(),
    );
    expect(codeToChatPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('requires a prompt that is not blank (spec 5)', () => {
    for (const prompt of ['', '   \n']) {
      const result = codeToChatPayloadSchema.safeParse({ ...payload, prompt });
      expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
        CHAT_MESSAGES.codePromptRequired,
      ]);
    }
    expect(CHAT_MESSAGES.discardCodePrompt).toBe('Discard your prompt and close?');
  });
});

describe('composeCodeMessage', () => {
  it('puts the prompt first, then the code as a fenced block named by its path', () => {
    expect(composeCodeMessage({ ...payload, prompt: '  Explain this \n' })).toBe(
      'Explain this\n\n```javascript src/app.js\nconst a = 1;\n```',
    );
  });

  it('names a folder by its path, ending with a slash', () => {
    expect(
      composeCodeMessage({ ...payload, code: 'x\n', filePath: 'src/', language: 'text', isFolder: true }),
    ).toBe('Explain this\n\n```text src/\nx\n```');
  });

  it('fences code that holds backticks with a longer fence', () => {
    expect(codeFence('no ticks')).toBe('```');
    expect(codeFence('a ``` b')).toBe('````');
    expect(codeFence('`````')).toBe('``````');
    const message = composeCodeMessage({ ...payload, code: '```\ninner\n```' });
    expect(message.endsWith('````javascript src/app.js\n```\ninner\n```\n````')).toBe(true);
  });
});

describe('folders', () => {
  const files = [
    { path: 'src/b.js', content: 'b' },
    { path: 'src/a.css', content: 'a' },
    { path: 'srcx/c.js', content: 'c' },
    { path: 'src/deep/d.js', content: 'd' },
    { path: 'top.js', content: 't' },
  ];

  it('are the files under the path and a slash, at any depth', () => {
    expect(filesUnder(files, 'src').map((file) => file.path)).toEqual([
      'src/b.js',
      'src/a.css',
      'src/deep/d.js',
    ]);
    expect(filesUnder(files, 'src/')).toEqual(filesUnder(files, 'src'));
  });

  it('join their files in path order, each under its path', () => {
    expect(folderCode(filesUnder(files, 'src'))).toBe(
      '==> src/a.css <==\na\n\n==> src/b.js <==\nb\n\n==> src/deep/d.js <==\nd',
    );
  });
});
