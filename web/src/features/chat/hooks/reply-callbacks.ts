import { CHAT_MESSAGES, type Message } from '@agentforge/shared';
import { stopMessage } from '../api/messages';
import type { StreamCallbacks } from '../api/stream-client';
import {
  appendChunk,
  applyToolEvent,
  completeMessage,
  markStopped,
  markStreamError,
  statusAfter,
} from '../utils/stream-message';

/** One reply being generated. `messageId` is the temporary id until the server's arrives. */
export type ReplyRun = {
  controller: AbortController;
  conversationId: string;
  messageId: string;
  serverId?: string;
  finished: boolean;
  stopRequested: boolean;
  stopSent: boolean;
  /** How many characters of the reply the user has been shown: what a stopped reply keeps. */
  shownChars?: number;
  /** The servers named by `connecting` since the reply last did something else. */
  startingServers?: string[];
};

type ReplySinks = {
  /** Updates the reply message (found by the run's current id). */
  update: (update: (message: Message) => Message) => void;
  /** The stream status (with `connecting`, the server being started); null once the reply is over. */
  status: (status: string | null, server?: string) => void;
};

/**
 * How stream events change the reply message (spec 4 "Stream status"), plus `stop`: mark the
 * message '[Streaming stopped]', ask the server to stop (once its id is known) and abort the fetch.
 */
export function replyCallbacks(
  run: ReplyRun,
  sinks: ReplySinks,
): Required<Omit<StreamCallbacks, 'onPlan' | 'onTitle'>> & { stop: () => void } {
  const finish = (update: (message: Message) => Message) => {
    if (run.finished) return;
    run.finished = true;
    sinks.update(update);
    sinks.status(null);
  };

  const requestStop = () => {
    if (run.stopSent || !run.serverId) return;
    run.stopSent = true;
    void stopMessage(run.conversationId, run.serverId, run.shownChars ?? 0).catch(() => undefined);
    run.controller.abort();
  };

  return {
    onStatus(status, messageId, server) {
      if (messageId && !run.serverId) {
        run.serverId = messageId;
        sinks.update((message) => ({ ...message, id: messageId }));
        run.messageId = messageId;
        if (run.stopRequested) requestStop();
      }
      if (run.finished) return;
      if (status === 'stopped') finish(markStopped);
      else sinks.status(status, server);
    },
    onData(chunk) {
      if (run.finished || run.stopRequested) return;
      run.shownChars = (run.shownChars ?? 0) + chunk.length;
      sinks.update((message) => appendChunk(message, chunk));
    },
    onEvent(event) {
      if (run.finished) return;
      sinks.update((message) => applyToolEvent(message, event));
      sinks.status(statusAfter(event));
    },
    onEnd(result) {
      finish((message) => completeMessage(message, result));
      run.messageId = result.messageId;
    },
    onError(error) {
      const text = error.kind === 'initiate' ? CHAT_MESSAGES.startGenerationFailed : error.message;
      finish((message) => markStreamError(message, text, error.code));
    },
    stop() {
      run.stopRequested = true;
      finish(markStopped);
      requestStop();
    },
  };
}
