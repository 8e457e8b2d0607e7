const MASK = '***';
/** Values shorter than this are not masked (they would mask ordinary words). */
const MIN_SECRET_LENGTH = 4;
const MAX_PARTIAL = 4000;

/**
 * The base64 text that stands for `value` wherever it sits in a longer base64 string: one per
 * byte alignment, without the characters that also encode neighbouring bytes.
 */
function base64Fragments(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  return [0, 1, 2].flatMap((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const start = [0, 2, 3][offset] as number;
    const end = (offset + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 1;
    const fragment = encoded.slice(start, end);
    return [fragment, fragment.replaceAll('+', '-').replaceAll('/', '_')];
  });
}

/** Every form a secret may take in a process's output: as is, JSON-escaped, URL-encoded, base64. */
export function secretEncodings(value: string): string[] {
  const forms = [
    value,
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(value),
    ...base64Fragments(value),
  ];
  return forms.filter((form) => form.length >= MIN_SECRET_LENGTH);
}

/**
 * The last lines a process wrote, for error messages, `/healthz` and the log, with the server's
 * secret values masked in every encoding. Masking runs on the raw stream before it is cut into
 * lines, holding back what could still be the start of a secret that spans chunks or lines.
 */
export class OutputTail {
  readonly #lines: string[] = [];
  readonly #encodings: string[];
  /** How many trailing characters may be the start of a secret spanning a line break. */
  readonly #holdBack: number;
  readonly #maxLines: number;
  #partial = '';

  constructor(secrets: Iterable<string>, maxLines = 15) {
    const values = [...secrets].filter((value) => value.length >= MIN_SECRET_LENGTH);
    // Longest first so a secret containing another is masked whole.
    this.#encodings = [...new Set(values.flatMap(secretEncodings))].sort((a, b) => b.length - a.length);
    const multiLine = this.#encodings.filter((form) => /[\r\n]/.test(form));
    this.#holdBack = Math.max(0, ...multiLine.map((form) => form.length - 1));
    this.#maxLines = maxLines;
  }

  /** Feeds a chunk; returns the complete lines it finished (masked). */
  push(chunk: string): string[] {
    const text = this.mask(this.#partial + chunk);
    const safeEnd = Math.max(0, text.length - this.#holdBack);
    const lastBreak = text.lastIndexOf('\n', safeEnd - 1);
    let ready = lastBreak < 0 ? '' : text.slice(0, lastBreak + 1);
    this.#partial = text.slice(ready.length);
    if (this.#partial.length > MAX_PARTIAL + this.#holdBack) {
      ready += `${this.#partial.slice(0, MAX_PARTIAL)}\n`;
      this.#partial = this.#partial.slice(MAX_PARTIAL);
    }
    const lines = ready
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map((line) => line.slice(0, 500));
    this.#lines.push(...lines);
    this.#lines.splice(0, Math.max(0, this.#lines.length - this.#maxLines));
    return lines;
  }

  mask(text: string): string {
    return this.#encodings.reduce((masked, form) => masked.split(form).join(MASK), text);
  }

  /** The retained lines plus any unterminated last line. */
  text(): string {
    const partial = this.#partial.trim() ? [this.mask(this.#partial).slice(0, 500)] : [];
    return [...this.#lines, ...partial].join('\n');
  }
}
