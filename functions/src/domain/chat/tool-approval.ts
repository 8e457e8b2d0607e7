import {
  chatServersOf,
  type StreamQuery,
  TOOL_APPROVAL_MESSAGES,
  type ToolApproval,
  type ToolCall,
} from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { MessageRecord, StoredToolApproval } from '../conversations/message.js';
import { shownPath } from '../conversations/message-tree.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { ModelMessage } from '../models/model-provider.js';
import type { ChatServiceDeps } from './ports.js';
import { newReplyLease } from './reply-lease.js';
import { replyMemoryAndSystem, toModelMessages } from './reply-request.js';
import type { AwaitingApproval, ResumedRound } from './tool-loop.js';

/**
 * Tool approval in the chat (docs/decisions/mcp-servers.md, "Tool approval"): a reply that reaches
 * a call needing approval ends there, complete, with the call saved as a pending approval; the
 * user's decision is a stream of its own that claims the approval (one conditional write: exactly
 * once, whatever the tabs and retries) and goes on with the same reply.
 */

/** The stored approval of a reply that paused (the tool loop's `awaiting`). */
export function pendingApproval({
  serverId,
  serverTool,
  call,
  remaining,
  round,
}: AwaitingApproval): StoredToolApproval {
  return {
    toolCallId: call.id,
    name: call.name,
    input: call.input,
    serverId,
    ...(serverTool ? { serverTool } : {}),
    state: 'pending',
    round,
    remaining,
  };
}

/** What the thread shows of an approval (the loop's bookkeeping left out). */
export function viewOf({
  round: _round,
  remaining: _remaining,
  ...approval
}: StoredToolApproval): ToolApproval {
  return approval;
}

/** A paused turn as the model sees it again, and where its loop goes on. */
export interface PausedTurn {
  messages: ModelMessage[];
  resumed: ResumedRound;
}

const resultText = (call: ToolCall) => {
  if (call.status !== 'success') return call.error ?? '';
  return typeof call.result === 'string' ? call.result : JSON.stringify(call.result ?? '');
};

/**
 * The paused reply as the model's turn: its text and every call it made (those run, the decided
 * one, the round's others), then the results it already had. Results kept as previews (over the
 * stored budget, stored-reply.ts) go back as previews.
 */
export function pausedTurn(
  reply: Pick<MessageRecord, 'content' | 'toolCalls' | 'sources' | 'citations'>,
  approval: StoredToolApproval,
  allowed: boolean,
): PausedTurn {
  const done = reply.toolCalls ?? [];
  const calls = [
    { id: approval.toolCallId, name: approval.name, input: approval.input },
    ...approval.remaining,
  ];
  const asked = (call: { id: string; name: string; input?: unknown }) => ({
    id: call.id,
    name: call.name,
    input: call.input,
  });
  return {
    messages: [
      { role: 'assistant', content: reply.content, toolCalls: [...done.map(asked), ...calls] },
      ...done.map(
        (call): ModelMessage => ({
          role: 'tool',
          toolCallId: call.id,
          toolName: call.name,
          content: resultText(call),
          isError: call.status !== 'success',
        }),
      ),
    ],
    resumed: {
      state: {
        content: reply.content,
        toolCalls: done,
        usage: { inputTokens: 0, outputTokens: 0 },
        ...(reply.sources ? { sources: reply.sources } : {}),
        ...(reply.citations ? { citations: reply.citations } : {}),
      },
      round: approval.round,
      calls,
      allowed,
    },
  };
}

/**
 * A decision on the reply `query.approvalFor` paused at: checked (the caller's conversation, its
 * last message, paused at that call), 'Always allow' written to the server's policy, then claimed.
 * Only the claim's winner goes on; a second decision is refused (409) before anything streams.
 */
export async function resumeReply(
  deps: ChatServiceDeps,
  caller: Caller,
  query: StreamQuery,
  admitted: Promise<void>,
) {
  const { approvalFor, toolCallId, decision } = query;
  if (!approvalFor || !toolCallId || !decision) {
    throw new ValidationError('A tool approval names the reply, its tool call and the decision');
  }
  if (query.triggerContent || query.replaceFrom || query.attachmentIds) {
    throw new ValidationError('A tool approval goes on with its reply: it sends no message');
  }
  const owned = deps.conversations.owned(caller, query.conversationId);
  owned.catch(() => undefined); // awaited just below
  const teamSpace = owned.then(
    (conversation) => conversation.teamId,
    () => undefined,
  );
  const model = deps.models.resolve(caller.userId, query.provider, query.model, teamSpace);
  model.catch(() => undefined); // awaited (and reported) by the stream
  const listing = deps.messages.listAll(query.conversationId);
  listing.catch(() => undefined); // awaited just below, once the conversation is known to be the caller's
  const branch = Promise.all([owned, listing]).then(([shown, all]) => shownPath(all, shown.activeLeafId));
  branch.catch(() => undefined); // the ownership check's failure is reported where `owned` is awaited
  const { memory, system } = replyMemoryAndSystem(deps, caller, owned, branch);
  const conversation = await owned;
  const history = await branch;
  await admitted;

  const at = history.findIndex((message) => message.messageId === approvalFor);
  const reply = history[at];
  if (!reply) throw new NotFoundError('Message not found');
  const approval = reply.toolApproval;
  if (approval && approval.state !== 'pending')
    throw new ConflictError(TOOL_APPROVAL_MESSAGES.alreadyDecided);
  // A message sent since answers instead: the call is left undecided.
  if (!approval || approval.toolCallId !== toolCallId || at !== history.length - 1) {
    throw new ConflictError(TOOL_APPROVAL_MESSAGES.nothingToDecide);
  }
  if (decision === 'always_allow') await allowAlways(deps, caller, approval);

  const now = deps.now();
  const lease = newReplyLease(reply.messageId, now);
  const claimed = await deps.messages.claimApproval(conversation.conversationId, reply.messageId, {
    toolCallId,
    decision,
    decidedAt: now,
    lease,
  });
  if (!claimed) throw new ConflictError(TOOL_APPROVAL_MESSAGES.alreadyDecided);

  const streaming: MessageRecord = {
    ...reply,
    status: 'streaming',
    ...lease,
    toolApproval: { ...approval, state: decision, decidedAt: now },
  };
  return {
    caller,
    query,
    history: history.slice(0, at),
    modelMessages: toModelMessages(history.slice(0, at), deps.attachments),
    // Only a plain turn's call is opened ahead; a resumed one goes on with its server's tools.
    firstCall: Promise.resolve(undefined),
    reply: streaming,
    // The servers of the turn that paused (recorded on the conversation then): its tools' names again.
    serverIds: serversOfPaused(chatServersOf(conversation), approval.serverId),
    settings: conversation.settings ?? {},
    memory,
    system,
    title: conversation.title,
    model,
    // Written by the claim.
    persisted: Promise.resolve(undefined),
    paused: pausedTurn(reply, approval, decision !== 'deny'),
  };
}

const serversOfPaused = (listed: string[], serverId: string) =>
  listed.includes(serverId) ? listed : [serverId];

/** 'Always allow' first: refused (a team's User), nothing is decided and the card stays. */
async function allowAlways(deps: ChatServiceDeps, caller: Caller, approval: StoredToolApproval) {
  if (!deps.tools?.allowAlways) throw new ConflictError(TOOL_APPROVAL_MESSAGES.nothingToDecide);
  try {
    await deps.tools.allowAlways(caller, approval.serverId, approval.serverTool ?? approval.name);
  } catch (error) {
    if (error instanceof ForbiddenError) throw new ForbiddenError(TOOL_APPROVAL_MESSAGES.policyForbidden);
    throw error;
  }
}
