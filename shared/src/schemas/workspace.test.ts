import { describe, expect, it } from 'vitest';
import {
  languageOfPath,
  MAX_WORKSPACE_FILE_BYTES,
  MAX_WORKSPACE_PATH_LENGTH,
  newFileName,
  putWorkspaceFileBodySchema,
  WORKSPACE_DEMO_FILE,
  WORKSPACE_MESSAGES,
  workspacePathSchema,
} from './workspace';

const messageOf = (path: string) => {
  const result = workspacePathSchema.safeParse(path);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('workspace file paths', () => {
  it('accepts relative paths of names in folders', () => {
    for (const path of [
      'index.html',
      'src/app.js',
      'a b/c-d_e.f.ts',
      '.env',
      'dossier/été.md',
      '日本/語.py',
    ]) {
      expect(messageOf(path), path).toBeNull();
    }
  });

  it.each([
    ['', WORKSPACE_MESSAGES.pathRequired],
    ['x'.repeat(MAX_WORKSPACE_PATH_LENGTH + 1), WORKSPACE_MESSAGES.pathTooLong],
    ['/etc/passwd', WORKSPACE_MESSAGES.pathAbsolute],
    ['src/', WORKSPACE_MESSAGES.pathAbsolute],
    ['src//app.js', WORKSPACE_MESSAGES.pathEmptySegment],
    ['../secret', WORKSPACE_MESSAGES.pathDotSegment],
    ['src/../../x', WORKSPACE_MESSAGES.pathDotSegment],
    ['./x', WORKSPACE_MESSAGES.pathDotSegment],
    ['a\\b', WORKSPACE_MESSAGES.pathCharacters],
    ['#seeded', WORKSPACE_MESSAGES.pathCharacters],
    ['a\u0000b', WORKSPACE_MESSAGES.pathCharacters],
    [' leading.js', WORKSPACE_MESSAGES.pathCharacters],
    ['src/trailing ', WORKSPACE_MESSAGES.pathCharacters],
    ['a`b', WORKSPACE_MESSAGES.pathCharacters],
  ])('refuses %j with one message', (path, message) => {
    expect(messageOf(path)).toEqual([message]);
  });

  it('allows the longest path exactly', () => {
    expect(messageOf('x'.repeat(MAX_WORKSPACE_PATH_LENGTH))).toBeNull();
  });
});

describe('workspace file content', () => {
  it('holds up to the byte limit, counted in UTF-8', () => {
    const fits = { path: 'a.txt', content: 'x'.repeat(MAX_WORKSPACE_FILE_BYTES) };
    expect(putWorkspaceFileBodySchema.safeParse(fits).success).toBe(true);
    const over = { path: 'a.txt', content: 'é'.repeat(MAX_WORKSPACE_FILE_BYTES / 2 + 1) };
    const result = putWorkspaceFileBodySchema.safeParse(over);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      WORKSPACE_MESSAGES.contentTooLarge,
    ]);
  });
});

describe('the demo screen', () => {
  it('ignores a blank or whitespace-only file name (spec 5) and trims the rest', () => {
    expect(newFileName('')).toBeNull();
    expect(newFileName('  \t ')).toBeNull();
    expect(newFileName('  app.js ')).toBe('app.js');
  });

  it('starts a workspace with a valid JavaScript demo file', () => {
    expect(workspacePathSchema.safeParse(WORKSPACE_DEMO_FILE.path).success).toBe(true);
    expect(languageOfPath(WORKSPACE_DEMO_FILE.path)).toBe('javascript');
  });

  it('names the language of a path by its extension', () => {
    expect(
      ['a.html', 'b.css', 'c.js', 'd.TS', 'e.tsx', 'f.json', 'g.md', 'h.py', 'Makefile', 'i.rs'].map(
        languageOfPath,
      ),
    ).toEqual([
      'html',
      'css',
      'javascript',
      'typescript',
      'tsx',
      'json',
      'markdown',
      'python',
      'text',
      'text',
    ]);
  });

  it('words its messages', () => {
    expect(WORKSPACE_MESSAGES).toMatchObject({
      pathDotSegment: "A file path may not contain '.' or '..' as a name",
      tooManyFiles: 'A workspace holds at most 50 files; delete one first',
      contentTooLarge: 'A file holds at most 64 KB',
    });
  });
});
