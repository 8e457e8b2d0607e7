import { speakableText, speechChunks } from './speakable-text';

/** The reply being read aloud: one at a time, in the whole page. */
let reading: { messageId: string } | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function subscribeReading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const readingId = (): string | null => reading?.messageId ?? null;

export function stopReading(): void {
  if (!reading) return;
  reading = null;
  window.speechSynthesis.cancel();
  notify();
}

/** Reads a reply's text aloud with the browser's speech synthesis, stopping whatever was being read. */
function readAloud(messageId: string, markdown: string): void {
  stopReading();
  const chunks = speechChunks(speakableText(markdown));
  if (chunks.length === 0) return;
  const session = { messageId };
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
  notify();
}

/** Read aloud, or Stop when this reply is the one being read. */
export function toggleReading(messageId: string, markdown: string): void {
  if (readingId() === messageId) stopReading();
  else readAloud(messageId, markdown);
}
