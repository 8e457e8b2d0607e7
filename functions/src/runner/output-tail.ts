/**
 * The last lines a process wrote, for error messages and `/healthz`. The server's own secret
 * values are masked, since `/healthz` needs no token.
 */
export class OutputTail {
  readonly #lines: string[] = [];
  readonly #secrets: string[];
  readonly #maxLines: number;
  #partial = '';

  constructor(secrets: Iterable<string>, maxLines = 15) {
    // Longest first so a secret containing another is masked whole; tiny values would mask noise.
    this.#secrets = [...secrets].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length);
    this.#maxLines = maxLines;
  }

  /** Feeds a chunk; returns the complete lines it finished (masked). */
  push(chunk: string): string[] {
    const parts = (this.#partial + chunk).split(/\r?\n/);
    this.#partial = parts.pop() ?? '';
    if (this.#partial.length > 4000) {
      parts.push(this.#partial);
      this.#partial = '';
    }
    const lines = parts.filter((line) => line.trim()).map((line) => this.mask(line).slice(0, 500));
    this.#lines.push(...lines);
    this.#lines.splice(0, Math.max(0, this.#lines.length - this.#maxLines));
    return lines;
  }

  mask(text: string): string {
    return this.#secrets.reduce((masked, secret) => masked.split(secret).join('***'), text);
  }

  /** The retained lines plus any unterminated last line. */
  text(): string {
    const partial = this.#partial.trim() ? [this.mask(this.#partial).slice(0, 500)] : [];
    return [...this.#lines, ...partial].join('\n');
  }
}
