import type { Message, StreamStatus } from '@agentforge/shared';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import type { StreamCallbacks } from '../../chat/api/stream-client';
import type { StreamError } from '../../chat/api/stream-error';
import { type ReplyRun, replyCallbacks } from '../../chat/hooks/reply-callbacks';
import { isStreamStatus } from '../../chat/hooks/use-reply-run';
import { type ChatAction, tempMessageId } from '../../chat/utils/chat-reducer';

/** One agent stream: the planning of a goal, or one step of a plan. */
export type RunInfo = {
  key: string;
  kind: 'plan' | 'step';
  conversationId: string;
  planId?: string;
  stepId?: string;
};

type AgentRun = RunInfo & {
  reply: ReplyRun;
  status: StreamStatus;
  stop: () => void;
};

type MessageUpdate = (update: (message: Message) => Message) => void;

/** How a run ended: its error, if any, and whether the user stopped it. */
export type RunOutcome = { error: StreamError | null; stopped: boolean };

export type StartRun = {
  info: RunInfo;
  /** The assistant message the stream writes, given its temporary id. */
  message: (id: string) => Message;
  /** Opens the stream with the reply message's callbacks; `update` changes that message. */
  open: (callbacks: StreamCallbacks, signal: AbortSignal, update: MessageUpdate) => Promise<void>;
  /** After the stream, before the run is let go (the page stays busy meanwhile). */
  settle?: (outcome: RunOutcome) => Promise<void> | void;
};

/**
 * The agent's streams, each writing one assistant message (`replyCallbacks`, as a chat reply):
 * the chat's stream state follows the latest one, so the input waits, 'Stop Generating' shows and
 * the servers refresh as for a chat reply. Several steps of a Multi Agent plan may run at once.
 */
export function useAgentRuns(dispatch: Dispatch<ChatAction>) {
  const runs = useRef(new Map<string, AgentRun>());
  const [infos, setInfos] = useState<readonly RunInfo[]>([]);
  const published = useRef(false);

  useEffect(
    () => () => {
      for (const run of runs.current.values()) run.reply.controller.abort();
    },
    [],
  );

  const publish = useCallback(() => {
    const all = [...runs.current.values()];
    setInfos(
      all.map(({ key, kind, conversationId, planId, stepId }) => ({
        key,
        kind,
        conversationId,
        planId,
        stepId,
      })),
    );
    const latest = all.at(-1);
    if (!latest && !published.current) return;
    published.current = latest !== undefined;
    dispatch({
      type: 'stream_changed',
      stream: latest
        ? { conversationId: latest.conversationId, messageId: latest.reply.messageId, status: latest.status }
        : null,
    });
  }, [dispatch]);

  /** Starts a run unless one with its key is under way. */
  const start = useCallback(
    ({ info, message, open, settle }: StartRun): void => {
      if (runs.current.has(info.key)) return;
      const reply: ReplyRun = {
        controller: new AbortController(),
        conversationId: info.conversationId,
        messageId: tempMessageId('assistant'),
        finished: false,
        stopRequested: false,
        stopSent: false,
      };
      let error: StreamError | null = null;
      const finish = async () => {
        try {
          await settle?.({ error, stopped: reply.stopRequested });
        } finally {
          runs.current.delete(info.key);
          publish();
        }
      };
      const update: MessageUpdate = (change) =>
        dispatch({
          type: 'message_updated',
          conversationId: info.conversationId,
          messageId: reply.messageId,
          update: change,
        });
      const callbacks = replyCallbacks(reply, {
        update,
        status: (status) => {
          if (status === null) return void finish();
          if (!isStreamStatus(status)) return;
          run.status = status;
          publish();
        },
      });
      const run: AgentRun = { ...info, reply, status: 'connecting', stop: callbacks.stop };
      runs.current.set(info.key, run);
      dispatch({
        type: 'message_added',
        conversationId: info.conversationId,
        message: message(reply.messageId),
      });
      publish();
      void open(
        {
          ...callbacks,
          onError: (failure) => {
            error = failure;
            callbacks.onError(failure);
          },
        },
        reply.controller.signal,
        update,
      );
    },
    [dispatch, publish],
  );

  /** 'Stop Generating': stops every agent stream; false when none runs. */
  const stop = useCallback(() => {
    const all = [...runs.current.values()];
    for (const run of all) run.stop();
    return all.length > 0;
  }, []);

  return { infos, start, stop };
}
