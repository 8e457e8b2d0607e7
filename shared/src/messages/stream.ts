/** The stream client's failures (loaded with it, on a chat's first reply). */
export const STREAM_ERROR_MESSAGES = {
  streamingFailedWithStatus: (message: string, status: number | string) =>
    `Streaming failed: ${message} (Status: ${status})`,
  streamingFailed: (reason: string) => `Streaming failed: ${reason}`,
  invalidDataFormat: 'Received invalid data format from server.',
  unexpectedStatus: (status: string) => `Stream ended with unexpected status: ${status}.`,
  stoppedUnexpectedly: 'Stream processing stopped unexpectedly.',
  unknownBackendError: 'Unknown backend stream error',
  initiateFailed: 'Failed to initiate stream',
  endMissingMetadata: "Stream 'end' event missing essential metadata",
  endedWithoutCompletion: 'Stream ended unexpectedly without completion signal',
  callbacksRequired: 'Streaming requires data, error and end callbacks.',
} as const;
