/** `initiate`: the request could not be made; `http`: a non-2xx answer; `stream`: anything after. */
export type StreamErrorKind = 'initiate' | 'http' | 'stream';

export class StreamError extends Error {
  override readonly name = 'StreamError';
  readonly kind: StreamErrorKind;
  readonly status: number | undefined;
  /** An `http` error: the API's own message (e.g. 'No MCP server configured'), without the wrapping. */
  readonly apiMessage: string | undefined;

  constructor(
    message: string,
    kind: StreamErrorKind,
    init: { status?: number; apiMessage?: string; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
    this.apiMessage = init.apiMessage;
  }
}
