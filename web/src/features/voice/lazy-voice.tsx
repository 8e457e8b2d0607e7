import { lazy, Suspense } from 'react';
import type { VoiceControlProps } from './voice-controls';

/**
 * Dictation and read-aloud with the browser's speech APIs (issue 31, item 5). Only these checks
 * load with the chat; the voice code loads once a control is shown or a shortcut used.
 */
export const canDictate = (): boolean => 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;

export const canReadAloud = (): boolean =>
  'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;

/** The dictation shortcut reaches the message box's microphone through this ('dictate'). */
export const voiceCommands = new EventTarget();

export const loadVoice = () => import('./voice-controls');
const Control = lazy(loadVoice);

/** The message box's microphone or a reply's 'Read aloud', where the browser has the API. */
export function VoiceControl(props: VoiceControlProps) {
  return (props.kind === 'dictate' ? canDictate() : canReadAloud()) ? (
    <Suspense>
      <Control {...props} />
    </Suspense>
  ) : null;
}
