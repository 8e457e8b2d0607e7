// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Class constants that are no button, field, card, table or badge. The chat's message list files
 * are being rewritten elsewhere (virtualization) and move onto the primitives when that lands.
 */
const ALLOWED = new Set<string>([
  'features/chat/components/assistant-message.tsx: ACTION_CLASS',
  // A radio option's row: a <label> around the input, highlighted on hover.
  'features/workspace/components/send-code-dialog.tsx: RADIO_ROW',
]);

/** `const NAME = '...'` (or a template or a concatenation) up to its end. */
const CLASS_CONSTANT = /^(?:export )?const ([A-Z][A-Z0-9_]*)\s*=\s*([`'][^;]*);/gm;
/** A button, field or card look: rounded, with padding, a ring or a background (a focus ring alone is fine). */
const looksLikeAPrimitive = (value: string) => /\brounded/.test(value) && /\b(px-|ring-|bg-)/.test(value);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('UI primitives lint', () => {
  it('finds no screen defining its own button, field or card class constant (use components/ui)', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((file) => file.startsWith('features/') || file.startsWith('app/'))
      .flatMap((file) =>
        [...readFileSync(join(SRC, file), 'utf8').matchAll(CLASS_CONSTANT)]
          .filter(([, , value = '']) => looksLikeAPrimitive(value))
          .map(([, name]) => `${file}: ${name}`)
          .filter((found) => !ALLOWED.has(found)),
      );
    expect(offenders).toEqual([]);
  });

  it('never lightens a white-text button on hover (white on a 500 shade is under 4.5:1)', () => {
    const lighterHover =
      /text-white[^'"`]*hover:bg-[a-z]+-[1-5]00\b|hover:bg-[a-z]+-[1-5]00\b[^'"`]*text-white/;
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((file) => lighterHover.test(readFileSync(join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
