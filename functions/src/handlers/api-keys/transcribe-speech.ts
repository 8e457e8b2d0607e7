import { MAX_SPEECH_AUDIO_BYTES, transcriptionBodySchema } from '@agentforge/shared';
import { speechService } from '../../composition/speech.js';
import { httpRoute, ok } from '../../http/http-route.js';

/** POST /speech/transcriptions: the caller's recording as text, with their (or their team's) OpenAI key. */
export const handler = httpRoute(
  // The recording as base64, with the JSON around it.
  { body: transcriptionBodySchema, maxBodyBytes: Math.ceil(MAX_SPEECH_AUDIO_BYTES / 3) * 4 + 1024 },
  async ({ caller, body }) => ok(await speechService().transcribe(caller, body)),
);
