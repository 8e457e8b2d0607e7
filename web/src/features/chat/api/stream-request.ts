import { apiErrorMessageFromBody, type RuntimeConfig, STREAM_ERROR_MESSAGES } from '@agentforge/shared';
import { StreamError } from './stream-error';

/** A stream's query: its values go in the URL's search (empty and undefined ones are left out). */
export type StreamParams = Readonly<Record<string, string | undefined>>;

/** The stream's URL (`url` with the query in its search) and headers (the ID token in the configured header). */
export function streamRequest(
  url: string | URL,
  query: StreamParams,
  token: string,
  config: Pick<RuntimeConfig, 'streamAuthHeader'>,
) {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') target.searchParams.set(key, value);
  }
  const header = config.streamAuthHeader;
  const headers = {
    Accept: 'text/event-stream',
    [header]: header === 'Authorization' ? `Bearer ${token}` : token,
  };
  return { url: target.toString(), headers };
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
  const code = (body as { code?: unknown } | null)?.code;
  return new StreamError(STREAM_ERROR_MESSAGES.streamingFailedWithStatus(message, response.status), 'http', {
    status: response.status,
    apiMessage: message,
    code: typeof code === 'string' ? code : undefined,
  });
}
