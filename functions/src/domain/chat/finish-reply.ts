import { PLAN_LIMIT_ERROR_CODE, type StreamEvent } from '@agentforge/shared';
import { logger } from '../../logger.js';
import type { MessageChanges, MessageRecord, MessageRepository } from '../conversations/message.js';
import { DomainError } from '../errors.js';
import type { ReplyOutcome } from './stop-watcher.js';
import { storedReply } from './stored-reply.js';
import { pendingApproval, viewOf } from './tool-approval.js';
import type { ToolLoopState } from './tool-loop.js';

export const STREAM_STOPPED_MARK = '[Streaming stopped]';
const REPLY_NOT_SAVED = 'The reply could not be saved.';
const CONVERSATION_DELETED = 'This conversation was deleted.';
/** The stream's end when its reply's lease ran out and the sweep ended it (saved as interrupted). */
export const REPLY_INTERRUPTED_MESSAGE = 'This reply was interrupted: what was saved is kept.';

/** What the user reads of a failure: a domain error's message, else nothing internal. */
export const replyErrorMessage = (error: unknown) =>
  error instanceof DomainError ? error.message : 'The reply could not be generated. Please try again.';

export interface FinishedReply {
  reply: MessageRecord;
  /** The provider and model the `end` event names. */
  provider: string;
  model: string;
  state: ToolLoopState;
  /** The MCP server whose tools the reply used, if any. */
  usedServer: string | undefined;
  emit: (event: StreamEvent) => void;
}

/**
 * The reply's last write for each outcome (`gone` and `interrupted` have none: the conversation was
 * deleted, or the sweep ended the reply).
 */
function finalChanges(outcome: ReplyOutcome, { state, usedServer }: FinishedReply): MessageChanges {
  const stored = storedReply(state);
  if (outcome.kind === 'stopped') {
    // Exactly what the user saw, when the stop call said how much that was.
    const seen = outcome.stopAt === undefined ? state.content : state.content.slice(0, outcome.stopAt);
    const content = seen
      ? `${storedReply({ ...state, content: seen }).content}\n\n${STREAM_STOPPED_MARK}`
      : STREAM_STOPPED_MARK;
    return { ...stored, content, status: 'stopped' };
  }
  if (outcome.kind === 'error') {
    const content = `${stored.content ? `${stored.content}\n\n` : ''}**Error:** ${replyErrorMessage(outcome.error)}`;
    return { ...stored, content, status: 'error', isError: true };
  }
  return {
    ...stored,
    status: 'complete',
    ...(usedServer ? { mcpUsedId: usedServer } : {}),
    // Paused at a call that needs approval: the card's call, kept for the reply to go on.
    ...(state.awaiting ? { toolApproval: pendingApproval(state.awaiting) } : {}),
  };
}

/** The stream's last event for each outcome, once the last write is done. */
function finalEvent(
  outcome: ReplyOutcome,
  { reply, provider, model, state, usedServer }: FinishedReply,
): StreamEvent {
  if (outcome.kind === 'gone') return { type: 'error', message: CONVERSATION_DELETED };
  if (outcome.kind === 'interrupted') return { type: 'error', message: REPLY_INTERRUPTED_MESSAGE };
  if (outcome.kind === 'stopped') return { type: 'status', status: 'stopped', messageId: reply.messageId };
  if (outcome.kind === 'error') {
    const { error } = outcome;
    // A plan limit's refusal says so, for the app to offer 'Upgrade Plan'.
    const limited = error instanceof DomainError && error.code === PLAN_LIMIT_ERROR_CODE;
    return {
      type: 'error',
      message: replyErrorMessage(error),
      ...(limited ? { code: PLAN_LIMIT_ERROR_CODE } : {}),
    };
  }
  return {
    type: 'end',
    status: 'completed',
    messageId: reply.messageId,
    provider,
    model,
    timestamp: reply.timestamp,
    toolCallsCount: state.toolCalls.length,
    ...(state.toolsOffered ? { toolsOffered: state.toolsOffered } : {}),
    ...(state.sources?.length ? { sources: state.sources } : {}),
    ...(state.citations?.length ? { citations: state.citations } : {}),
    ...(usedServer ? { mcpUsedId: usedServer } : {}),
  };
}

/**
 * The reply's last write and the stream's last event, for every outcome (complete, too long,
 * stopped, error, conversation gone): `end`, `status: stopped` or `error`, whatever storage does.
 * Throws what the log should see: an unexpected failure, or a last write that failed.
 */
export async function finishReply(
  messages: MessageRepository,
  finished: FinishedReply,
  outcome: ReplyOutcome,
  /** Runs after the reply's last write, before the last event (an agent step records its result). */
  settle?: () => Promise<void>,
): Promise<void> {
  const { conversationId, messageId } = finished.reply;
  if (outcome.kind !== 'gone' && outcome.kind !== 'interrupted') {
    const written = (changes: MessageChanges) => messages.finish(conversationId, messageId, changes);
    try {
      await written(finalChanges(outcome, finished));
    } catch (error) {
      if (outcome.kind === 'error') throw error;
      // The last resort: the message must not stay `streaming`.
      await written({
        content: `**Error:** ${REPLY_NOT_SAVED}`,
        toolCalls: [],
        status: 'error',
        isError: true,
      }).catch((lastResort: unknown) =>
        logger.error('A reply stays streaming: not even its error state could be saved', {
          conversationId,
          messageId,
          error: lastResort,
        }),
      );
      finished.emit({ type: 'error', message: REPLY_NOT_SAVED });
      throw error;
    }
  }
  await settle?.();
  const { awaiting } = finished.state;
  if ((outcome.kind === 'complete' || outcome.kind === 'too-long') && awaiting) {
    finished.emit({ type: 'tool_approval', approval: viewOf(pendingApproval(awaiting)) });
  }
  finished.emit(finalEvent(outcome, finished));
  if (outcome.kind === 'error' && !(outcome.error instanceof DomainError)) throw outcome.error;
}
