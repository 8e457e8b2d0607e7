import {
  MAX_RECORDING_SECONDS,
  MAX_SPEECH_AUDIO_BYTES,
  SPEECH_MESSAGES,
  VOICE_MESSAGES,
} from '@agentforge/shared';
import { useEffect, useRef, useState } from 'react';
import { transcribed } from './provider-speech';
import type { Dictation } from './use-dictation';

/** Opus at 32 kbit/s: 2 minutes is about 0.5 MB, well under the upload's cap. */
const AUDIO_BITS_PER_SECOND = 32_000;
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];

function recorderFor(stream: MediaStream): MediaRecorder {
  const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported?.(type));
  return new MediaRecorder(stream, {
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
    ...(mimeType ? { mimeType } : {}),
  });
}

/** getUserMedia's refusals, as the user reads them. */
function microphoneError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return VOICE_MESSAGES.microphoneBlocked;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return VOICE_MESSAGES.noMicrophone;
  return VOICE_MESSAGES.dictationFailed(name || 'microphone');
}

/**
 * Dictation with OpenAI's speech model: the microphone recorded with MediaRecorder until the
 * toggle (or MAX_RECORDING_SECONDS, said when it stops it), then sent to POST
 * /speech/transcriptions; the words go to `onText`. Unmounting drops a recording unsent.
 */
export function useRecordedDictation(onText: (text: string) => void): Dictation {
  const session = useRef<{ recorder: MediaRecorder; stream: MediaStream; limit: number } | null>(null);
  const latestOnText = useRef(onText);
  latestOnText.current = onText;
  const mounted = useRef(true);
  const [recording, setRecording] = useState(false);
  const [transcribing, setTranscribing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = session.current;
      session.current = null;
      if (current) {
        window.clearTimeout(current.limit);
        current.recorder.ondataavailable = null;
        current.recorder.onstop = null;
        if (current.recorder.state !== 'inactive') current.recorder.stop();
        for (const track of current.stream.getTracks()) track.stop();
      }
    };
  }, []);

  async function send(recording: Blob) {
    if (recording.size > MAX_SPEECH_AUDIO_BYTES) {
      setError(SPEECH_MESSAGES.recordingTooLarge);
      return;
    }
    setTranscribing(true);
    try {
      const text = (await transcribed(recording)).trim();
      if (mounted.current && text) latestOnText.current(text);
    } catch (failure) {
      if (mounted.current) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (mounted.current) {
        setTranscribing(false);
        setEnded(true);
      }
    }
  }

  function stop(reachedLimit = false) {
    const current = session.current;
    if (!current) return;
    window.clearTimeout(current.limit);
    if (reachedLimit) setError(SPEECH_MESSAGES.recordingLimit);
    current.recorder.stop();
  }

  async function start() {
    setError(null);
    setEnded(false);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (failure) {
      setError(microphoneError(failure));
      return;
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    const recorder = recorderFor(stream);
    const parts: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) parts.push(event.data);
    };
    recorder.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      session.current = null;
      setRecording(false);
      void send(new Blob(parts, { type: recorder.mimeType || parts[0]?.type || 'audio/webm' }));
    };
    const limit = window.setTimeout(() => stop(true), MAX_RECORDING_SECONDS * 1000);
    session.current = { recorder, stream, limit };
    recorder.start();
    setRecording(true);
  }

  return {
    listening: recording,
    status: recording ? SPEECH_MESSAGES.recording : transcribing ? SPEECH_MESSAGES.transcribing : null,
    interim: '',
    error,
    ended,
    toggle: () => {
      if (session.current) stop();
      else if (!transcribing) void start();
    },
  };
}
