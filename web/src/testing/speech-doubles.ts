type Result = { 0: { transcript: string }; length: 1; isFinal: boolean };

/**
 * A scripted stand-in for the browser's SpeechRecognition, installed on `window` under the name
 * the browser would use: a test says what it "hears" and how the session ends.
 */
export class ScriptedRecognition {
  static sessions: ScriptedRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((event: { resultIndex: number; results: Result[] }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  running = false;
  private results: Result[] = [];

  constructor() {
    ScriptedRecognition.sessions.push(this);
  }

  start() {
    if (this.running) throw new DOMException('recognition has already started', 'InvalidStateError');
    this.running = true;
  }

  stop() {
    this.end();
  }

  abort() {
    if (!this.running) return;
    this.onerror?.({ error: 'aborted' });
    this.end();
  }

  /** Words heard: interim ones replace the last interim result, final ones stay (as Chrome's list does). */
  hear(transcript: string, isFinal: boolean) {
    const last = this.results.at(-1);
    if (last && !last.isFinal) this.results.pop();
    this.results.push({ 0: { transcript }, length: 1, isFinal });
    this.onresult?.({ resultIndex: this.results.length - 1, results: [...this.results] });
  }

  fail(code: string) {
    this.onerror?.({ error: code });
    this.end();
  }

  private end() {
    if (!this.running) return;
    this.running = false;
    this.onend?.();
  }

  static latest(): ScriptedRecognition {
    const session = ScriptedRecognition.sessions.at(-1);
    if (!session) throw new Error('No dictation session was started');
    return session;
  }
}

/** Installs the scripted recognition as the browser names it; returns the uninstall. */
export function installSpeechRecognition(name = 'webkitSpeechRecognition'): () => void {
  ScriptedRecognition.sessions = [];
  Object.defineProperty(window, name, { configurable: true, writable: true, value: ScriptedRecognition });
  return () => {
    Reflect.deleteProperty(window, name);
  };
}

export { axeViolations } from './axe';

/** An utterance as the test double keeps it. */
class RecordedUtterance {
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

/**
 * A stand-in for the browser's speechSynthesis that records what it is asked: `spoken` holds the
 * texts queued, `cancels` counts cancel(); cancel() fails the queued utterances with 'interrupted'
 * as Chrome does, and `finish()` ends them all as if they were read out.
 */
export class RecordedSynthesis {
  spoken: string[] = [];
  cancels = 0;
  private queue: RecordedUtterance[] = [];

  speak(utterance: RecordedUtterance) {
    this.spoken.push(utterance.text);
    this.queue.push(utterance);
  }

  cancel() {
    this.cancels += 1;
    const queued = this.queue;
    this.queue = [];
    for (const utterance of queued) utterance.onerror?.({ error: 'interrupted' });
  }

  finish() {
    const queued = this.queue;
    this.queue = [];
    for (const utterance of queued) utterance.onend?.();
  }
}

/** Installs the recorded speech synthesis on `window`; returns it and the uninstall. */
export function installSpeechSynthesis(): { synthesis: RecordedSynthesis; uninstall: () => void } {
  const synthesis = new RecordedSynthesis();
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synthesis });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, value: RecordedUtterance });
  return {
    synthesis,
    uninstall: () => {
      Reflect.deleteProperty(window, 'speechSynthesis');
      Reflect.deleteProperty(window, 'SpeechSynthesisUtterance');
    },
  };
}
