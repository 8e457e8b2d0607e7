import { MAX_SPEECH_TEXT_CHARS, SPEECH_MESSAGES, type SpeechEngine } from '@agentforge/shared';
import { synthesizedAudio } from './provider-speech';
import { speakableText, speechChunks } from './speakable-text';

/** The reply being read aloud: one at a time, in the whole page; `stop` ends it however it is read. */
let reading: { messageId: string; stop: () => void } | null = null;
/** Why the last reading of a reply failed (shown beside its button until it is read again). */
let failure: { messageId: string; message: string } | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function subscribeReading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const readingId = (): string | null => reading?.messageId ?? null;
export const readingFailure = () => failure;

export function stopReading(): void {
  if (!reading) return;
  const session = reading;
  reading = null;
  session.stop();
  notify();
}

/** Reads a reply's text with the browser's speech synthesis. */
function readWithBrowser(messageId: string, chunks: readonly string[]): void {
  const session = { messageId, stop: () => window.speechSynthesis.cancel() };
  reading = session;
  const end = () => {
    if (reading !== session) return;
    reading = null;
    notify();
  };
  chunks.forEach((chunk, index) => {
    const utterance = new SpeechSynthesisUtterance(chunk);
    // A part that fails ends the reading (the rest is cancelled).
    utterance.onerror = () => {
      if (reading === session) stopReading();
    };
    if (index === chunks.length - 1) utterance.onend = end;
    window.speechSynthesis.speak(utterance);
  });
}

/**
 * Reads a reply's text with OpenAI's speech model: part after part (each asked for while the one
 * before plays), played by one <audio> element from a blob: URL (revoked once done), that Stop
 * pauses. Audio the browser cannot decode or play ends the reading with SPEECH_MESSAGES.playbackFailed.
 */
function readWithOpenAi(messageId: string, parts: readonly string[]): void {
  const audio = new Audio();
  const controller = new AbortController();
  let url: string | undefined;
  const release = () => {
    if (url) URL.revokeObjectURL(url);
    url = undefined;
  };
  const session = {
    messageId,
    stop: () => {
      controller.abort();
      audio.pause();
      release();
    },
  };
  reading = session;
  const unplayable = () => new Error(SPEECH_MESSAGES.playbackFailed);
  const played = () =>
    new Promise<void>((resolve, reject) => {
      audio.onended = () => resolve();
      audio.onerror = () => reject(unplayable());
      controller.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  void (async () => {
    let next = synthesizedAudio(parts[0] ?? '', controller.signal);
    for (let index = 0; index < parts.length; index += 1) {
      const blob = await next;
      if (controller.signal.aborted) return;
      if (index + 1 < parts.length) next = synthesizedAudio(parts[index + 1] ?? '', controller.signal);
      next.catch(() => undefined); // awaited in its turn
      release();
      url = URL.createObjectURL(blob);
      audio.src = url;
      const ended = played();
      ended.catch(() => undefined); // awaited below, unless play() refuses first
      await audio.play().catch((error: unknown) => {
        // A stop while starting is not a failure; anything else is audio this browser cannot play.
        if (!controller.signal.aborted) throw unplayable();
        return error;
      });
      await ended;
      if (controller.signal.aborted) return;
    }
  })()
    .finally(release)
    .then(
      () => {
        if (reading !== session) return;
        reading = null;
        notify();
      },
      (error: unknown) => {
        if (controller.signal.aborted || reading !== session) return;
        reading = null;
        failure = { messageId, message: error instanceof Error ? error.message : String(error) };
        notify();
      },
    );
}

/** Reads a reply's text aloud with the engine, stopping whatever was being read. */
function readAloud(messageId: string, markdown: string, engine: SpeechEngine): void {
  stopReading();
  failure = null;
  const text = speakableText(markdown);
  if (engine === 'openai') {
    const parts = speechChunks(text.replace(/\n+/g, ' '), MAX_SPEECH_TEXT_CHARS);
    if (parts.length > 0) readWithOpenAi(messageId, parts);
  } else {
    const chunks = speechChunks(text);
    if (chunks.length > 0) readWithBrowser(messageId, chunks);
  }
  notify();
}

/** Read aloud, or Stop when this reply is the one being read. */
export function toggleReading(messageId: string, markdown: string, engine: SpeechEngine = 'browser'): void {
  if (readingId() === messageId) stopReading();
  else readAloud(messageId, markdown, engine);
}
