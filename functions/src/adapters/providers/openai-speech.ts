/**
 * OpenAI's speech models through @ai-sdk/openai's transcription and speech models (their
 * `/audio/transcriptions` multipart and `/audio/speech` JSON): the real client path, also against
 * the local model server. Loaded on first use, like the chat's provider packages.
 */
import type { SpeechModels } from '../../domain/speech/speech-service.js';
import { toProviderError } from './provider-errors.js';

export const TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';
export const SPEECH_MODEL = 'gpt-4o-mini-tts';
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** Under API Gateway's 29 s, with room for the rest of the request. */
const CALL_TIMEOUT_MS = 25_000;

export function createOpenAiSpeechModels(fetch: typeof globalThis.fetch): SpeechModels {
  const provider = async ({ apiKey, baseUrl }: { apiKey: string; baseUrl?: string }) =>
    (await import('@ai-sdk/openai')).createOpenAI({ apiKey, baseURL: baseUrl || DEFAULT_BASE_URL, fetch });

  return {
    async transcribe(credentials, audio, mediaType) {
      try {
        const model = (await provider(credentials)).transcription(TRANSCRIPTION_MODEL);
        const result = await model.doGenerate({
          audio,
          mediaType,
          abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        return result.text;
      } catch (error) {
        throw toProviderError(error, {
          provider: 'openai',
          model: TRANSCRIPTION_MODEL,
          apiKey: credentials.apiKey,
        });
      }
    },
    async synthesize(credentials, text, voice) {
      try {
        const model = (await provider(credentials)).speech(SPEECH_MODEL);
        const result = await model.doGenerate({
          text,
          voice,
          outputFormat: 'mp3',
          abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        return typeof result.audio === 'string' ? Buffer.from(result.audio, 'base64') : result.audio;
      } catch (error) {
        throw toProviderError(error, { provider: 'openai', model: SPEECH_MODEL, apiKey: credentials.apiKey });
      }
    },
  };
}
