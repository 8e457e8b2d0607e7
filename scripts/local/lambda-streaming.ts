import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';

/**
 * A small emulation of the Lambda runtime's `awslambda` global for response streaming, over
 * node:http. Each write goes straight to the socket (no buffering), which is what the product's
 * streaming path must preserve; the npm `lambda-stream` package buffers the whole body.
 */
export type StreamingHandler = (event: unknown, responseStream: Writable, context: unknown) => Promise<void>;

interface ResponseMetadata {
  statusCode?: number;
  headers?: Record<string, string>;
  cookies?: string[];
}

const STREAMING = Symbol.for('agentforge.local.streaming');

class LocalResponseStream extends Writable {
  constructor(private readonly res: ServerResponse) {
    super();
  }

  writeMetadata(metadata: ResponseMetadata): void {
    if (this.res.headersSent) return;
    this.res.writeHead(metadata.statusCode ?? 200, {
      ...metadata.headers,
      ...(metadata.cookies?.length ? { 'Set-Cookie': metadata.cookies } : {}),
    });
    this.res.flushHeaders();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // A Lambda keeps running after its client goes away; writes then go nowhere.
    if (this.res.destroyed) {
      callback();
      return;
    }
    if (!this.res.headersSent) this.writeMetadata({ statusCode: 200 });
    this.res.write(chunk, () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.res.destroyed) {
      callback();
      return;
    }
    if (!this.res.headersSent) this.writeMetadata({ statusCode: 200 });
    this.res.end(() => callback());
  }
}

/**
 * Installs the streaming parts of `globalThis.awslambda`; must run before a streaming handler
 * module is imported. Merges into an existing object: the AWS SDK's InvokeStore creates one too.
 */
export function installAwsLambdaGlobal(): void {
  const scope = globalThis as { awslambda?: Record<string, unknown> };
  scope.awslambda ??= {};
  scope.awslambda.streamifyResponse ??= (handler: StreamingHandler) =>
    Object.assign(handler, { [STREAMING]: true });
  scope.awslambda.HttpResponseStream ??= {
    from(stream: Writable, metadata: ResponseMetadata) {
      if (stream instanceof LocalResponseStream) stream.writeMetadata(metadata);
      return stream;
    },
  };
}

export function isStreamingHandler(handler: unknown): handler is StreamingHandler {
  return typeof handler === 'function' && STREAMING in handler;
}

/** Runs a streamified handler against a node:http response, as a Function URL invocation would. */
export async function invokeStreaming(
  handler: StreamingHandler,
  event: unknown,
  res: ServerResponse,
  context: unknown,
): Promise<void> {
  res.socket?.setNoDelay(true);
  const stream = new LocalResponseStream(res);
  try {
    await handler(event, stream, context);
  } catch (error) {
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
    if (!res.writableEnded)
      res.end(
        res.headersSent ? undefined : JSON.stringify({ code: 'INTERNAL', message: 'Internal server error' }),
      );
    throw error;
  }
}
