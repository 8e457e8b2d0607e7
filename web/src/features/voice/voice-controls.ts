// The voice code's chunk, loaded by lazy-voice.tsx.
export { DictationButton } from './dictation-button';
