import { CHAT_MESSAGES, type StreamQuery } from '@agentforge/shared';
import type { StreamCallbacks, StreamOptions } from './stream-client';
import { StreamError } from './stream-error';

const loadClient = () => import('./stream-client');

/**
 * Opens a stream whose code (`load`: the SSE reader, the frames' decoding, the stream events'
 * schema) loads on its first use, or ahead of it (`preloadStreamClient`): /home's first paint goes
 * without it. As the stream client: it never rejects, and once aborted no callback follows; code
 * that cannot be loaded fails the stream as a request that could not be made.
 */
export async function openLazily<M>(
  load: () => Promise<M>,
  open: (module: M) => Promise<void>,
  callbacks: Pick<StreamCallbacks, 'onError'>,
  options: Pick<StreamOptions, 'signal'> = {},
): Promise<void> {
  let module: M;
  try {
    module = await load();
  } catch (error) {
    // What the chat shows for any stream that could not be started (reply-callbacks.ts); the
    // client's own failure texts load with it.
    if (!options.signal?.aborted) {
      callbacks.onError(new StreamError(CHAT_MESSAGES.startGenerationFailed, 'initiate', { cause: error }));
    }
    return;
  }
  // Stopped while the code loaded: nothing was asked of the server, nothing is.
  if (options.signal?.aborted) return;
  await open(module);
}

/** A chat reply's stream (`stream-client.ts`'s `streamReply`), its code loaded on first use. */
export function streamReply(query: StreamQuery, callbacks: StreamCallbacks, options: StreamOptions = {}) {
  return openLazily(
    loadClient,
    (client) => client.streamReply(query, callbacks, options),
    callbacks,
    options,
  );
}

/** A message being written: its reply's stream code loads ahead. */
export function preloadStreamClient(): void {
  void loadClient().catch(() => {});
}
