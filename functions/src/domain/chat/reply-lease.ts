import { CHAT_MESSAGES, type ToolCall } from '@agentforge/shared';
import type { MessageChanges, MessageRecord } from '../conversations/message.js';
import type { HeldReservation, ReservationHolder } from '../limits/reservation-holder.js';

/**
 * A streaming reply's lease (docs/decisions/chat.md, "Faults: leases and interrupted replies"): the
 * writer renews it with every save (at least once a second, stop-watcher.ts), so a lease that ran
 * out means the writer is gone (a killed process, a Lambda timeout, a crash). Long enough that a
 * write retried through a moment of throttling never loses it.
 */
export const REPLY_LEASE_MS = 15_000;
/** Replies written before leases carry none: they are presumed dead this long after they began. */
const UNLEASED_REPLY_MS = 16 * 60_000;
/** The sweep's index is spread over this many partitions (every save of every stream writes it). */
export const LEASE_SHARDS = 8;

const leaseShardOf = (messageId: string): string => {
  let sum = 0;
  for (const char of messageId) sum = (sum + char.charCodeAt(0)) % LEASE_SHARDS;
  return `lease#${sum}`;
};

/** What a new streaming reply carries: its lease, in the sweep's index, with no reservation yet. */
export function newReplyLease(messageId: string, now: number) {
  return { leaseExpiresAt: now + REPLY_LEASE_MS, leaseShard: leaseShardOf(messageId), reservations: {} };
}

/**
 * The empty assistant message a stream writes into (a chat reply, an agent's plan or step): marked
 * streaming, with its lease and the model that writes it.
 */
export function newStreamingReply(
  ids: { conversationId: string; messageId: string; userId: string },
  model: { provider: string; model: string },
  now: number,
): MessageRecord {
  return {
    ...ids,
    role: 'assistant',
    content: '',
    status: 'streaming',
    ...newReplyLease(ids.messageId, now),
    provider: model.provider,
    model: model.model,
    timestamp: now,
  };
}

/** A reply still marked streaming whose writer is gone. */
export function isInterrupted(record: MessageRecord, now: number): boolean {
  if (record.status !== 'streaming') return false;
  return (record.leaseExpiresAt ?? record.timestamp + UNLEASED_REPLY_MS) < now;
}

/** A tool call still running when its writer died ended with it: its late result would be ignored. */
function endedCall(call: ToolCall): ToolCall {
  if (call.status !== 'calling') return call;
  const { progress: _running, ...ended } = call;
  return { ...ended, status: 'error', error: CHAT_MESSAGES.replyInterrupted };
}

/** An interrupted reply as it is shown and finally saved: the text kept, the marker, an error. */
export function interruptedReply(
  record: MessageRecord,
): Required<Pick<MessageChanges, 'content' | 'status' | 'isError'>> & Pick<MessageChanges, 'toolCalls'> {
  const marker = CHAT_MESSAGES.replyInterrupted;
  return {
    content: record.content ? `${record.content}\n\n${marker}` : marker,
    status: 'error',
    isError: true,
    ...(record.toolCalls ? { toolCalls: record.toolCalls.map(endedCall) } : {}),
  };
}

/** The lease's writes in the messages table (adapters/dynamodb/reply-leases.ts). */
export interface ReplyLeases {
  /** Records an open reservation on a streaming reply (SET reservations.<id>). */
  hold(conversationId: string, messageId: string, id: string, reservation: HeldReservation): Promise<void>;
  /** Takes it back (REMOVE, if still there): false when the sweep took it first. */
  release(conversationId: string, messageId: string, id: string): Promise<boolean>;
  /** Streaming replies whose lease ran out before `now` (from the sparse index: maybe a little stale). */
  expired(now: number, limit: number): Promise<MessageRecord[]>;
  /**
   * Ends the reply with `changes` and removes its lease and reservations, only if it still has the
   * lease that was read (so no save came since); the reservations it held, or undefined when it
   * lost to its writer or to another sweep.
   */
  claim(record: MessageRecord, changes: MessageChanges): Promise<Record<string, HeldReservation> | undefined>;
}

/**
 * Holds a reply's model calls' reservations on its lease. A hold is written once the reply is
 * (`persisted`); a release waits for its hold, and a hold that failed was never seen by a sweep,
 * so its call settles as usual.
 */
export function replyReservationHolder(
  leases: ReplyLeases,
  reply: Pick<MessageRecord, 'conversationId' | 'messageId'>,
  persisted: Promise<void>,
  /** The reply's text so far (the call's streamed output is the text after it). */
  textLength: () => number,
): ReservationHolder {
  const { conversationId, messageId } = reply;
  const holds = new Map<string, Promise<boolean>>();
  return {
    hold(id, reservation) {
      const fromChar = textLength();
      const held = persisted
        .then(() => leases.hold(conversationId, messageId, id, { ...reservation, fromChar }))
        .then(
          () => true,
          () => false,
        );
      holds.set(id, held);
    },
    async release(id) {
      const held = await holds.get(id);
      holds.delete(id);
      return held ? leases.release(conversationId, messageId, id) : true;
    },
  };
}
