import * as z from 'zod';
import { SPEECH_MESSAGES } from '../messages/voice';

/** A recording is stopped at this length (the message says so). */
export const MAX_RECORDING_SECONDS = 120;
/**
 * The largest recording sent (2 minutes of 32 kbit/s Opus is about 0.5 MB): as base64 in a JSON
 * body it stays under Lambda's 6 MB request payload and API Gateway's 10 MB.
 */
export const MAX_SPEECH_AUDIO_BYTES = 3 * 1024 * 1024;
/**
 * The text of one synthesis request (a long reply is read in parts): its MP3 (about 100 s, under
 * 2 MB) comes back as base64 JSON within Lambda's 6 MB response and API Gateway's 29 s.
 */
export const MAX_SPEECH_TEXT_CHARS = 1_500;

export const SPEECH_VOICES = [
  'alloy',
  'ash',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
] as const;

/** What MediaRecorder produces in the browsers (with or without a codecs parameter). */
const audioType = z
  .string()
  .max(100)
  .regex(/^audio\/(webm|ogg|mp4|mpeg|wav|x-wav)(;\s*codecs=[\w.]+)?$/, 'Unsupported audio type');

const teamId = z.string().min(1).max(128).optional();

/** Bytes a base64 string decodes to. */
export const base64Bytes = (base64: string): number =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** POST /speech/transcriptions: a recording, base64 (at most MAX_SPEECH_AUDIO_BYTES). */
export const transcriptionBodySchema = z
  .object({
    audio: z
      .string()
      .min(1, 'The recording is empty.')
      .max(Math.ceil(MAX_SPEECH_AUDIO_BYTES / 3) * 4, SPEECH_MESSAGES.recordingTooLarge)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The recording must be base64.'),
    mimeType: audioType,
    /** The space's team: its OpenAI key is used when the caller has none of their own. */
    teamId,
  })
  .strict();
export type TranscriptionBody = z.infer<typeof transcriptionBodySchema>;

export const transcriptionResponseSchema = z.object({ text: z.string() });

/** POST /speech/synthesis: a part of a reply's speakable text. */
export const synthesisBodySchema = z
  .object({
    text: z.string().trim().min(1).max(MAX_SPEECH_TEXT_CHARS),
    voice: z.enum(SPEECH_VOICES).optional(),
    teamId,
  })
  .strict();
export type SynthesisBody = z.infer<typeof synthesisBodySchema>;

/** The synthesized MP3, base64 (buffered: see MAX_SPEECH_TEXT_CHARS). */
export const synthesisResponseSchema = z.object({ audio: z.string(), mimeType: z.literal('audio/mpeg') });
