import { SPEECH_MESSAGES, synthesisResponseSchema, transcriptionResponseSchema } from '@agentforge/shared';
import { apiClient } from '../../lib/api-client';
import { currentSpaceTeamId } from '../teams/utils/space';

/** The space's team: its OpenAI key serves a member who has none of their own. */
const team = () => {
  const teamId = currentSpaceTeamId();
  return teamId ? { teamId } : {};
};

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * POST /speech/synthesis: a part of a reply as MP3, as a Blob for an <audio> element (played from
 * a blob: URL: the app's CSP allows media from blob:, not data:).
 */
export async function synthesizedAudio(text: string, signal: AbortSignal): Promise<Blob> {
  try {
    const { audio, mimeType } = await apiClient.post(
      '/speech/synthesis',
      { text, ...team() },
      { schema: synthesisResponseSchema, signal },
    );
    return new Blob([Uint8Array.from(atob(audio), (char) => char.charCodeAt(0))], { type: mimeType });
  } catch (error) {
    throw new Error(SPEECH_MESSAGES.readingFailed(reason(error)));
  }
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** POST /speech/transcriptions: a recording's words. */
export async function transcribed(recording: Blob): Promise<string> {
  try {
    const { text } = await apiClient.post(
      '/speech/transcriptions',
      { audio: await base64Of(recording), mimeType: recording.type || 'audio/webm', ...team() },
      { schema: transcriptionResponseSchema },
    );
    return text;
  } catch (error) {
    throw new Error(SPEECH_MESSAGES.transcriptionFailed(reason(error)));
  }
}
