import { STREAM_STATUSES, type StreamQuery, type StreamStatus } from '@agentforge/shared';
import { type Dispatch, useCallback, useEffect, useRef } from 'react';
import { streamReply } from '../api/lazy-stream';
import type { ChatAction } from '../utils/chat-reducer';
import { type ReplyRun, replyCallbacks } from './reply-callbacks';

export const isStreamStatus = (status: string): status is StreamStatus =>
  (STREAM_STATUSES as readonly string[]).includes(status);

/**
 * The reply being streamed (at most one): its status in the chat's state, how its stream's events
 * change its message and the conversation (the model's title after a first reply), and 'Stop
 * Generating'. Aborted when the chat unmounts.
 */
export function useReplyRun(dispatch: Dispatch<ChatAction>) {
  const run = useRef<ReplyRun | null>(null);

  useEffect(() => () => run.current?.controller.abort(), []);

  const track = useCallback(
    (reply: ReplyRun, status: StreamStatus | null, server?: string) => {
      if (run.current !== reply) return;
      if (status === null) {
        run.current = null;
        return dispatch({ type: 'stream_changed', stream: null });
      }
      // Several servers may start at once, each named by its own `connecting` events.
      if (status !== 'connecting') reply.startingServers = undefined;
      else if (server && !reply.startingServers?.includes(server)) {
        reply.startingServers = [...(reply.startingServers ?? []), server];
      }
      const { startingServers } = reply;
      dispatch({
        type: 'stream_changed',
        stream: {
          conversationId: reply.conversationId,
          messageId: reply.messageId,
          status,
          ...(startingServers ? { startingServers } : {}),
        },
      });
    },
    [dispatch],
  );

  /** How stream events (or a failure before the stream) change the run's reply. */
  const callbacksOf = useCallback(
    (reply: ReplyRun) =>
      replyCallbacks(reply, {
        update: (update) =>
          dispatch({
            type: 'message_updated',
            conversationId: reply.conversationId,
            messageId: reply.messageId,
            update,
          }),
        status: (status, server) =>
          status === null || isStreamStatus(status) ? track(reply, status, server) : undefined,
      }),
    [dispatch, track],
  );

  /** Streams the reply into the run's temporary message; `onEnd` once it has completed. */
  const stream = useCallback(
    async (reply: ReplyRun, query: StreamQuery, onEnd?: () => void) => {
      if (reply.finished) return;
      track(reply, 'connecting');
      const callbacks = {
        ...callbacksOf(reply),
        onTitle: (title: string, conversationId: string) =>
          dispatch({ type: 'conversation_updated', id: conversationId, patch: { title, name: title } }),
      };
      const ended: typeof callbacks = onEnd
        ? {
            ...callbacks,
            onEnd: (result) => {
              callbacks.onEnd(result);
              onEnd();
            },
          }
        : callbacks;
      await streamReply(query, ended, { signal: reply.controller.signal });
    },
    [callbacksOf, dispatch, track],
  );

  const stop = useCallback(() => {
    const reply = run.current;
    if (!reply) return;
    replyCallbacks(reply, {
      update: (update) =>
        dispatch({
          type: 'message_updated',
          conversationId: reply.conversationId,
          messageId: reply.messageId,
          update,
        }),
      status: () => track(reply, null),
    }).stop();
  }, [dispatch, track]);

  /** Whether a reply is under way. */
  const running = useCallback(() => run.current !== null, []);
  /** Makes `reply` the run (its status follows through `track`). */
  const startRun = useCallback((reply: ReplyRun) => {
    run.current = reply;
  }, []);

  return { running, startRun, track, callbacksOf, stream, stop };
}
