import { VOICE_MESSAGES } from '@agentforge/shared';
import { useEffect, useRef, useState } from 'react';

/** The parts of the Web Speech API's SpeechRecognition the dictation uses (not in every DOM lib). */
type RecognitionResultList = ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const speech = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition;
}

/** A SpeechRecognition error code as the user reads it; null for an abort we asked for. */
export function dictationErrorMessage(code: string): string | null {
  switch (code) {
    case 'aborted':
      return null;
    case 'not-allowed':
    case 'service-not-allowed':
      return VOICE_MESSAGES.microphoneBlocked;
    case 'no-speech':
      return VOICE_MESSAGES.noSpeech;
    case 'network':
      return VOICE_MESSAGES.network;
    case 'audio-capture':
      return VOICE_MESSAGES.noMicrophone;
    case 'language-not-supported':
      return VOICE_MESSAGES.languageUnsupported;
    default:
      return VOICE_MESSAGES.dictationFailed(code);
  }
}

export type Dictation = {
  listening: boolean;
  /** What the status line says while it works ('Listening…', 'Recording…', 'Transcribing…'). */
  status: string | null;
  /** The words heard and not final yet. */
  interim: string;
  error: string | null;
  /** A session has ended (its end is announced). */
  ended: boolean;
  toggle: () => void;
};

/**
 * One dictation session at a time with the browser's SpeechRecognition: continuous, with interim
 * results; each final phrase goes to `onPhrase`. Unmounting aborts a session.
 */
export function useDictation(onPhrase: (phrase: string) => void): Dictation {
  const session = useRef<Recognition | null>(null);
  const latestOnPhrase = useRef(onPhrase);
  latestOnPhrase.current = onPhrase;
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);

  useEffect(() => () => session.current?.abort(), []);

  function start() {
    const Recognition = recognitionConstructor();
    if (!Recognition) return;
    const recognition = new Recognition();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.lang = document.documentElement.lang || navigator.language;
    recognition.onresult = ({ resultIndex, results }) => {
      let heard = '';
      for (let index = resultIndex; index < results.length; index += 1) {
        const result = results[index];
        const transcript = result?.[0]?.transcript ?? '';
        if (result?.isFinal) {
          if (transcript.trim()) latestOnPhrase.current(transcript.trim());
        } else heard += transcript;
      }
      setInterim(heard.trim());
    };
    recognition.onerror = ({ error: code }) => setError(dictationErrorMessage(code));
    recognition.onend = () => {
      if (session.current !== recognition) return;
      session.current = null;
      setListening(false);
      setInterim('');
      setEnded(true);
    };
    setError(null);
    setEnded(false);
    try {
      recognition.start();
    } catch (failure) {
      setError(VOICE_MESSAGES.dictationFailed(failure instanceof Error ? failure.name : 'start'));
      return;
    }
    session.current = recognition;
    setListening(true);
  }

  return {
    listening,
    status: listening ? VOICE_MESSAGES.listening : null,
    interim,
    error,
    ended,
    // Stopping lets the browser deliver what it heard last; `onend` then ends the session.
    toggle: () => (session.current ? session.current.stop() : start()),
  };
}
