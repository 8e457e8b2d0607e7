import {
  base64Bytes,
  MAX_SPEECH_AUDIO_BYTES,
  SPEECH_MESSAGES,
  type SynthesisBody,
  type TranscriptionBody,
  teamProviderId,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { CredentialsSource } from '../chat/model-resolver.js';
import { PayloadTooLargeError, ValidationError } from '../errors.js';

/** An OpenAI key, decrypted for one call. Never log it. */
export interface OpenAiKey {
  apiKey: string;
  baseUrl?: string;
}

/** OpenAI's speech models (adapters/providers/openai-speech.ts). */
export interface SpeechModels {
  transcribe(key: OpenAiKey, audio: Uint8Array, mediaType: string): Promise<string>;
  synthesize(key: OpenAiKey, text: string, voice: string): Promise<Uint8Array>;
}

export const DEFAULT_SPEECH_VOICE = 'alloy';

/**
 * Voice's provider engine (docs/decisions/chat.md, "Voice: a provider's speech model"): the
 * caller's own OpenAI key, else the key of the team whose space they are in (read as the chat
 * reads team keys: only while they are a member). Never the platform's account: without a key the
 * call is refused with what to do. Own-key calls are not limited by the plan (as the chat's are
 * not); the audio is neither stored nor logged.
 */
export function createSpeechService(deps: { credentials: CredentialsSource; models: SpeechModels }) {
  async function openAiKey(caller: Caller, teamId: string | undefined): Promise<OpenAiKey> {
    const own = await deps.credentials.resolveCredentials(caller.userId, 'openai');
    const credentials =
      own ??
      (teamId
        ? await deps.credentials.resolveCredentials(caller.userId, teamProviderId(teamId, 'openai'))
        : undefined);
    if (credentials?.provider !== 'openai') throw new ValidationError(SPEECH_MESSAGES.noOpenAiKey);
    return { apiKey: credentials.apiKey, ...(credentials.baseUrl ? { baseUrl: credentials.baseUrl } : {}) };
  }

  return {
    async transcribe(caller: Caller, body: TranscriptionBody): Promise<{ text: string }> {
      if (base64Bytes(body.audio) > MAX_SPEECH_AUDIO_BYTES)
        throw new PayloadTooLargeError(SPEECH_MESSAGES.recordingTooLarge);
      const key = await openAiKey(caller, body.teamId);
      const text = await deps.models.transcribe(
        key,
        Buffer.from(body.audio, 'base64'),
        body.mimeType.split(';')[0] ?? body.mimeType,
      );
      return { text: text.trim() };
    },

    async synthesize(
      caller: Caller,
      body: SynthesisBody,
    ): Promise<{ audio: string; mimeType: 'audio/mpeg' }> {
      const key = await openAiKey(caller, body.teamId);
      const audio = await deps.models.synthesize(key, body.text, body.voice ?? DEFAULT_SPEECH_VOICE);
      return { audio: Buffer.from(audio).toString('base64'), mimeType: 'audio/mpeg' };
    },
  };
}
export type SpeechService = ReturnType<typeof createSpeechService>;
