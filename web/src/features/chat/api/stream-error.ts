/** `initiate`: the request could not be made; `http`: a non-2xx answer; `stream`: anything after. */
export type StreamErrorKind = 'initiate' | 'http' | 'stream';

export class StreamError extends Error {
  override readonly name = 'StreamError';
  readonly kind: StreamErrorKind;
  readonly status: number | undefined;
  /** An `http` error: the API's own message (e.g. 'No MCP server configured'), without the wrapping. */
  readonly apiMessage: string | undefined;
  /** The refusal's code, from the `error` event or the API's error body (e.g. 'plan_limit'). */
  readonly code: string | undefined;

  constructor(
    message: string,
    kind: StreamErrorKind,
    init: { status?: number; apiMessage?: string; code?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
    this.apiMessage = init.apiMessage;
    this.code = init.code;
  }
}
