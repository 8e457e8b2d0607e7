import {
  type RuntimeConfig,
  STREAM_ERROR_MESSAGES,
  type StreamCompletionResult,
  type StreamEvent,
  type StreamQuery,
  splitSseFrames,
  streamCompletionResultSchema,
} from '@agentforge/shared';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { getIdToken } from '../../../lib/api-client';
import { StreamError } from './stream-error';
import { readStreamFrame } from './stream-frames';
import { httpFailure, type StreamParams, streamRequest } from './stream-request';

/** The agent's plan events: the plan as it now is. */
export type PlanStreamEvent = Extract<StreamEvent, { type: 'plan' | 'plan_step' }>;

/** Tool and API-call events: everything but the text, status, end, error, plan and title events. */
export type StreamSideEvent = Exclude<
  StreamEvent,
  { type: 'message_delta' | 'status' | 'end' | 'error' | 'conversation_title' } | PlanStreamEvent
>;

export type StreamCallbacks = {
  /** A `message_delta` chunk of the reply. */
  onData: (chunk: string) => void;
  /** The stream failed; nothing follows. */
  onError: (error: StreamError) => void;
  /** The reply is complete; nothing follows. */
  onEnd: (result: StreamCompletionResult) => void;
  /** A `status` event; the first ('streaming') carries the server's id of the reply. */
  /** `server`: with `connecting`, the name of the server being started. */
  onStatus?: (status: string, messageId: string | undefined, server?: string) => void;
  /** Tool and API-call events. */
  onEvent?: (event: StreamSideEvent) => void;
  /** The agent streams' plan events (a chat reply has none). */
  onPlan?: (event: PlanStreamEvent) => void;
  /**
   * A new conversation's title, written by the model after its first reply: it comes after the
   * `end` (the reply is not held up for it), so with this callback the stream is read to its close.
   */
  onTitle?: (title: string, conversationId: string) => void;
};

export type StreamOptions = {
  /** Aborting ends the stream quietly: no callback follows. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  getToken?: () => Promise<string>;
  config?: Pick<RuntimeConfig, 'streamUrl' | 'streamAuthHeader'>;
};

/** A stream: its URL (from the runtime configuration) and its query. */
export type StreamTarget = {
  url: (config: Pick<RuntimeConfig, 'streamUrl'>) => string | URL;
  query: StreamParams;
};

/** Streams a model reply: GET streamUrl with the chat's query (see {@link streamEvents}). */
export function streamReply(
  query: StreamQuery,
  callbacks: StreamCallbacks,
  options: StreamOptions = {},
): Promise<void> {
  return streamEvents({ url: (config) => config.streamUrl, query }, callbacks, options);
}

/**
 * Streams server-sent events (a chat reply, an agent's plan or step) with fetch, so the ID token
 * can travel in a header. Exactly one of onEnd and onError is called, once; later events are
 * ignored. The returned promise settles when the stream is over (it never rejects).
 */
export function streamEvents(
  target: StreamTarget,
  callbacks: StreamCallbacks,
  options: StreamOptions = {},
): Promise<void> {
  if (
    typeof callbacks?.onData !== 'function' ||
    typeof callbacks.onError !== 'function' ||
    typeof callbacks.onEnd !== 'function'
  ) {
    throw new Error(STREAM_ERROR_MESSAGES.callbacksRequired);
  }
  return new StreamRun(target, callbacks, options).run();
}

class StreamRun {
  private finished = false;
  private titled = false;

  constructor(
    private readonly target: StreamTarget,
    private readonly callbacks: StreamCallbacks,
    private readonly options: StreamOptions,
  ) {}

  private get aborted(): boolean {
    return this.options.signal?.aborted ?? false;
  }

  async run(): Promise<void> {
    const response = await this.open();
    if (!response) return;
    if (!response.ok) return this.fail(await httpFailure(response));
    if (!response.body) return this.fail(new StreamError(STREAM_ERROR_MESSAGES.initiateFailed, 'initiate'));

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      while (!this.finished || this.awaitsTitle) {
        const { done, value } = await reader.read();
        if (done) break;
        const { frames, rest } = splitSseFrames(buffer + decoder.decode(value, { stream: true }));
        buffer = rest;
        for (const frame of frames) this.handle(frame);
      }
      if (!this.finished && buffer.trim() !== '') this.handle(buffer + decoder.decode());
    } catch (error) {
      if (this.aborted || this.finished) return;
      const reason = error instanceof Error && error.message ? error.message : '';
      const message = reason
        ? STREAM_ERROR_MESSAGES.streamingFailed(reason)
        : STREAM_ERROR_MESSAGES.stoppedUnexpectedly;
      return this.fail(new StreamError(message, 'stream', { cause: error }));
    } finally {
      if (this.finished) void reader.cancel().catch(() => undefined);
    }
    if (!this.finished && !this.aborted) {
      this.fail(new StreamError(STREAM_ERROR_MESSAGES.endedWithoutCompletion, 'stream'));
    }
  }

  /** The response, or undefined when the request failed (reported) or was aborted. */
  private async open(): Promise<Response | undefined> {
    const { signal, fetch: fetchImpl = fetch, getToken = getIdToken } = this.options;
    try {
      const config = this.options.config ?? getRuntimeConfig();
      const { query } = this.target;
      const { url, headers } = streamRequest(this.target.url(config), query, await getToken(), config);
      return await fetchImpl(url, {
        method: 'GET',
        headers,
        cache: 'no-store',
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (!this.aborted)
        this.fail(new StreamError(STREAM_ERROR_MESSAGES.initiateFailed, 'initiate', { cause: error }));
      return undefined;
    }
  }

  /** After the end: a title may follow (see StreamCallbacks.onTitle). */
  private get awaitsTitle(): boolean {
    return this.callbacks.onTitle !== undefined && !this.titled && !this.aborted;
  }

  private handle(frame: string): void {
    if (this.aborted) return;
    if (this.finished) {
      this.handleAfterEnd(frame);
      return;
    }
    const result = readStreamFrame(frame);
    if (result.kind === 'invalid') this.fail(new StreamError(result.message, 'stream'));
    else if (result.kind === 'event') this.dispatch(result.event);
  }

  private handleAfterEnd(frame: string): void {
    const result = readStreamFrame(frame);
    if (result.kind !== 'event' || result.event.type !== 'conversation_title') return;
    this.titled = true;
    this.callbacks.onTitle?.(result.event.title, result.event.conversationId);
  }

  private dispatch(event: StreamEvent): void {
    const { callbacks } = this;
    switch (event.type) {
      case 'message_delta':
        callbacks.onData(event.chunk);
        break;
      case 'end':
        this.finished = true;
        callbacks.onEnd(streamCompletionResultSchema.parse(event));
        break;
      case 'error':
        this.fail(
          new StreamError(event.message || STREAM_ERROR_MESSAGES.unknownBackendError, 'stream', {
            code: event.code,
          }),
        );
        break;
      case 'status':
        this.status(event.status, event.messageId, event.server);
        break;
      case 'plan':
      case 'plan_step':
        callbacks.onPlan?.(event);
        break;
      case 'conversation_title':
        break; // only after the end (handleAfterEnd)
      default:
        callbacks.onEvent?.(event);
    }
  }

  private status(status: string, messageId: string | undefined, server: string | undefined): void {
    if (status === 'complete' && messageId) {
      this.finished = true;
      const { provider = '', model = '' } = this.target.query;
      this.callbacks.onEnd({ status: 'completed', messageId, provider, model, timestamp: Date.now() });
    } else if (status === 'error' || status === 'failed') {
      this.fail(new StreamError(STREAM_ERROR_MESSAGES.unexpectedStatus(status), 'stream'));
    } else {
      // 'stopped' (Stop Generating, maybe from another tab) also ends the stream, without a result.
      if (status === 'stopped') this.finished = true;
      this.callbacks.onStatus?.(status, messageId, server);
    }
  }

  private fail(error: StreamError): void {
    if (this.finished) return;
    this.finished = true;
    this.callbacks.onError(error);
  }
}
