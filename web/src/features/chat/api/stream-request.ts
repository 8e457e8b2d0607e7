import {
  apiErrorMessageFromBody,
  type RuntimeConfig,
  STREAM_ERROR_MESSAGES,
  type StreamQuery,
} from '@agentforge/shared';
import { StreamError } from './stream-error';

/** The stream's URL (the query in its search) and headers (the ID token in the configured header). */
export function streamRequest(
  query: StreamQuery,
  token: string,
  config: Pick<RuntimeConfig, 'streamUrl' | 'streamAuthHeader'>,
) {
  const url = new URL(config.streamUrl);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  }
  const header = config.streamAuthHeader;
  const headers = {
    Accept: 'text/event-stream',
    [header]: header === 'Authorization' ? `Bearer ${token}` : token,
  };
  return { url: url.toString(), headers };
}

/** 'Streaming failed: {message} (Status: {status})' for a non-2xx answer. */
export async function httpFailure(response: Response): Promise<StreamError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the message falls back to 'HTTP error {status}'.
  }
  const message = apiErrorMessageFromBody(body, response.status);
  return new StreamError(STREAM_ERROR_MESSAGES.streamingFailedWithStatus(message, response.status), 'http', {
    status: response.status,
  });
}
