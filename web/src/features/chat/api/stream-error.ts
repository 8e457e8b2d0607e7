/** `initiate`: the request could not be made; `http`: a non-2xx answer; `stream`: anything after. */
export type StreamErrorKind = 'initiate' | 'http' | 'stream';

export class StreamError extends Error {
  override readonly name = 'StreamError';
  readonly kind: StreamErrorKind;
  readonly status: number | undefined;

  constructor(message: string, kind: StreamErrorKind, init: { status?: number; cause?: unknown } = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
  }
}
