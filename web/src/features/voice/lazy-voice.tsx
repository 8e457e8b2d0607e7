import type { SpeechEngine } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { preferencesQuery } from '../settings/api/queries';
import type { VoiceControlProps } from './voice-controls';

/**
 * Dictation and read-aloud (issue 31, item 5) with the browser's speech APIs, or OpenAI's speech
 * models when the user chose them (Settings → Voice). Only these checks load with the chat; the
 * voice code loads once a control is shown or a shortcut used.
 */
const browserCanDictate = (): boolean => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;

const browserCanReadAloud = (): boolean =>
  'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;

/** The engine of the user's preferences, set by the chat (useSpeechEngine). */
let engine: SpeechEngine = 'browser';
const engineListeners = new Set<() => void>();
export const speechEngine = (): SpeechEngine => engine;
export function setSpeechEngine(next: SpeechEngine): void {
  if (next === engine) return;
  engine = next;
  for (const listener of engineListeners) listener();
}
/** Follows the engine of the signed-in user's preferences (the chat screen). */
export function useSpeechEngine(enabled: boolean): void {
  const chosen = useQuery({ ...preferencesQuery(), enabled }).data?.speechEngine ?? 'browser';
  useEffect(() => setSpeechEngine(chosen), [chosen]);
}
const subscribeEngine = (listener: () => void) => {
  engineListeners.add(listener);
  return () => engineListeners.delete(listener);
};

// With OpenAI: a recording (MediaRecorder and a microphone) and an <audio> element.
export const canDictateWith = (with_: SpeechEngine): boolean =>
  with_ === 'openai'
    ? 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia
    : browserCanDictate();
export const canReadAloudWith = (with_: SpeechEngine): boolean =>
  with_ === 'openai' ? 'Audio' in window : browserCanReadAloud();
export const canDictate = (): boolean => canDictateWith(engine);
export const canReadAloud = (): boolean => canReadAloudWith(engine);

/** The dictation shortcut reaches the message box's microphone through this ('dictate'). */
export const voiceCommands = new EventTarget();

export const loadVoice = () => import('./voice-controls');
const Control = lazy(loadVoice);

/** The message box's microphone or a reply's 'Read aloud', where the engine can work here. */
export function VoiceControl(props: VoiceControlProps) {
  const current = useSyncExternalStore(subscribeEngine, speechEngine);
  return (props.kind === 'dictate' ? canDictate() : canReadAloud()) ? (
    <Suspense>
      <Control {...props} engine={current} />
    </Suspense>
  ) : null;
}
