import { lazy, Suspense } from 'react';
import type { DictationProps } from './dictation-button';

/**
 * Dictation and read-aloud with the browser's speech APIs (issue 31, item 5). Only these checks
 * load with the chat; the voice code loads once a control is shown.
 */
export const canDictate = (): boolean => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;

/** The dictation shortcut reaches the message box's microphone through this ('dictate'). */
export const voiceCommands = new EventTarget();

const loadVoice = () => import('./voice-controls');
const Dictation = lazy(() => loadVoice().then(({ DictationButton }) => ({ default: DictationButton })));

/** The message box's microphone, where the browser can dictate. */
export function DictationSlot(props: DictationProps) {
  return canDictate() ? (
    <Suspense>
      <Dictation {...props} />
    </Suspense>
  ) : null;
}
