import {
  type AgentStepRef,
  CHAT_MESSAGES,
  PLAN_LIMIT_ERROR_CODE,
  type ToolApprovalDecision,
} from '@agentforge/shared';
import { ListChecksIcon, RefreshCwIcon, SparklesIcon, SquareIcon, TriangleAlertIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { providerStyle } from '../../../components/provider-style';
import { UpgradePlanLink } from '../../billing/components/upgrade-plan-link';
import { VoiceControl } from '../../voice/lazy-voice';
import type { ChatMessage } from '../utils/stream-message';
import { MarkdownContent } from './markdown-content';
import { ToolApprovalCard } from './tool-approval-card';
import { ToolCallCard } from './tool-call-card';

// The card's code (and the memory API's) loads with the first proposal, not with the chat.
const MemoryProposal = lazy(() => import('./memory-proposal-card'));

import { ToolsOffered } from './tools-offered';

/** Only replies that searched the web have sources: their list's code loads with the first one. */
const MessageSources = lazy(() => import('./message-sources'));
/** Only replies that searched the user's collections cite passages: the same, with their own code. */
const MessageCitations = lazy(() => import('../../knowledge/components/message-citations'));

function TypingDots({ activity }: { activity?: string | undefined }) {
  return (
    <span role="status" aria-label={activity ?? 'Generating'} className="inline-flex items-center gap-1 py-2">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-slate-400"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
      {activity ? <span className="ml-2 text-xs font-medium text-slate-500">{activity}</span> : null}
    </span>
  );
}

const ACTION_CLASS = 'text-slate-500 hover:bg-slate-100 hover:text-slate-700';

/** '[Streaming stopped]' at the end of a reply is shown as a note under it. */
function splitStopped(content: string): { body: string; stopped: boolean } {
  const marker = CHAT_MESSAGES.streamingStopped;
  if (!content.endsWith(marker)) return { body: content, stopped: false };
  return { body: content.slice(0, -marker.length).trimEnd(), stopped: true };
}

/** A failed reply; a plan limit's refusal offers 'Upgrade Plan' (to /pricing). */
function ErrorContent({ content, code }: { content: string; code: string | undefined }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3">
      <TriangleAlertIcon className="mt-1.5 size-4 shrink-0 text-red-500" />
      <div className="min-w-0">
        <div className="[&_*]:text-red-800">
          <MarkdownContent content={content} />
        </div>
        {code === PLAN_LIMIT_ERROR_CODE ? <UpgradePlanLink className="mt-2" /> : null}
      </div>
    </div>
  );
}

export type ToolDecide = (messageId: string, toolCallId: string, decision: ToolApprovalDecision) => void;

const approvalCallId = (message: ChatMessage) => message.toolApproval?.toolCallId ?? '';

/** An agent step's message: 'Step N · description (role)'. */
function stepHeading({ index, description, role }: AgentStepRef): string {
  return `Step ${index} · ${description}${role ? ` (${role})` : ''}`;
}

/**
 * A model's reply (or an agent step's output, under its step heading): model name, tool calls, Markdown, and a copy button once complete. While it is
 * generated, `activity` says what it waits for.
 */
export function AssistantMessage({
  message,
  activity,
  onRegenerate,
  onDecide,
  alwaysAllow,
}: {
  message: ChatMessage;
  activity?: string | undefined;
  /** 'Regenerate': a new reply in place of this one (the last reply only). */
  onRegenerate?: ((messageId: string) => void) | undefined;
  /** A decision on the tool call this reply paused at (the last reply only). */
  onDecide?: ToolDecide | undefined;
  /** 'Always allow' is offered (the caller may change the server's tool approvals). */
  alwaysAllow?: boolean | undefined;
}) {
  const style = providerStyle(message.provider);
  const { body, stopped } = splitStopped(message.content);
  const done = !message.isLoading;
  return (
    <div className="flex gap-4">
      <div
        className={`flex size-8 shrink-0 items-center justify-center rounded-full text-white ${style.avatar}`}
      >
        <SparklesIcon className="size-4" />
      </div>
      <div className="min-w-0 flex-1 pt-1">
        {message.agentStep ? (
          <p className="mb-1 flex items-start gap-1.5 text-sm font-semibold text-indigo-800">
            <ListChecksIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 break-words">{stepHeading(message.agentStep)}</span>
          </p>
        ) : null}
        {message.model ? (
          <p className="mb-1 text-xs font-medium text-slate-500" title={message.provider}>
            {message.model}
          </p>
        ) : null}
        {message.toolsOffered && done ? <ToolsOffered offered={message.toolsOffered} /> : null}
        {message.toolCalls?.map((call) =>
          call.name === 'remember' && !call.serverId ? (
            <Suspense key={call.id} fallback={null}>
              <MemoryProposal call={call} message={message} />
            </Suspense>
          ) : (
            <ToolCallCard key={call.id} call={call} />
          ),
        )}
        {message.toolApproval ? (
          <ToolApprovalCard
            approval={message.toolApproval}
            alwaysAllow={alwaysAllow}
            onDecide={
              onDecide && done && message.toolApproval.state === 'pending'
                ? (decision) => onDecide(message.id, approvalCallId(message), decision)
                : undefined
            }
          />
        ) : null}
        {message.isError ? (
          <ErrorContent content={body} code={message.errorCode} />
        ) : body ? (
          <MarkdownContent content={body} streaming={message.isLoading === true} />
        ) : null}
        {message.sources?.length && done ? (
          <Suspense fallback={null}>
            <MessageSources sources={message.sources} />
          </Suspense>
        ) : null}
        {message.citations?.length && done ? (
          <Suspense fallback={null}>
            <MessageCitations citations={message.citations} />
          </Suspense>
        ) : null}
        {message.isLoading ? <TypingDots activity={activity} /> : null}
        {stopped ? (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">
            <SquareIcon className="size-3" fill="currentColor" />
            {CHAT_MESSAGES.streamingStopped}
          </p>
        ) : null}
        {done && ((body && !message.isError) || onRegenerate) ? (
          <div className="mt-1 -ml-2 flex">
            {body && !message.isError ? (
              <>
                <CopyButton text={body} what="message" className={ACTION_CLASS} />
                <VoiceControl kind="readAloud" messageId={message.id} text={body} />
              </>
            ) : null}
            {onRegenerate ? (
              <button
                type="button"
                onClick={() => onRegenerate(message.id)}
                aria-label="Regenerate reply"
                className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium transition focus-visible:outline-2 focus-visible:outline-indigo-500 ${ACTION_CLASS}`}
              >
                <RefreshCwIcon className="size-3.5" />
                Regenerate
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
