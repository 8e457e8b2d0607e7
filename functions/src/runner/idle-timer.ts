/**
 * Fires `onIdle` once when nothing has happened for `timeoutMs`: activity is either a moment
 * (`touch`) or a span (`begin` ... the returned `end`); the clock never runs out during a span,
 * so a long tool call does not count as idleness. `timeoutMs <= 0` never fires.
 */
export class IdleTimer {
  #lastActivityAt: number;
  #inFlight = 0;
  #timer: NodeJS.Timeout | undefined;
  #fired = false;
  #started = false;

  readonly #timeoutMs: number;
  readonly #onIdle: () => void;
  readonly #now: () => number;

  constructor(timeoutMs: number, onIdle: () => void, now: () => number = Date.now) {
    this.#timeoutMs = timeoutMs;
    this.#onIdle = onIdle;
    this.#now = now;
    this.#lastActivityAt = now();
  }

  get lastActivityAt(): number {
    return this.#lastActivityAt;
  }

  /** Starts counting (from now). Activity before it only moves `lastActivityAt`. */
  start(): void {
    this.#started = true;
    this.touch();
  }

  touch(): void {
    this.#lastActivityAt = this.#now();
    this.#schedule(this.#timeoutMs);
  }

  begin(): () => void {
    this.#inFlight += 1;
    this.touch();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#inFlight -= 1;
      this.touch();
    };
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#started = false;
  }

  #schedule(delayMs: number): void {
    if (!this.#started || this.#fired || this.#timeoutMs <= 0) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#check(), Math.max(0, delayMs));
  }

  #check(): void {
    this.#timer = undefined;
    if (this.#inFlight > 0) return; // `end` reschedules
    const idleFor = this.#now() - this.#lastActivityAt;
    if (idleFor < this.#timeoutMs) {
      this.#schedule(this.#timeoutMs - idleFor);
      return;
    }
    this.#fired = true;
    this.#onIdle();
  }
}
