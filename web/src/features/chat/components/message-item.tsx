import type { Message } from '@agentforge/shared';
import { memo } from 'react';
import { AssistantMessage, type ToolDecide } from './assistant-message';
import { BranchSwitcher } from './branch-switcher';
import { UserMessage } from './user-message';

/** Regenerate a reply, or edit and resend a message: a new alternative beside it (the old one kept). */
export type ReplayActions = {
  regenerate: (messageId: string) => void;
  /** False when the edit was refused (the chat says why). */
  edit: (messageId: string, content: string) => boolean;
  /** A decision on the tool call the last reply paused at: the reply goes on. */
  decide?: ToolDecide;
  /** 'Always allow' is offered: false for a team's User, who may not change a team server's approvals. */
  alwaysAllow?: boolean;
};

/** One chat message: the user's on the right; the model's with its model name, tool calls and Markdown. */
export const MessageItem = memo(function MessageItem({
  message,
  activity,
  replay,
  onShowBranch,
  last = false,
}: {
  message: Message;
  /** What the reply being generated waits for (e.g. its MCP server starting). */
  activity?: string | undefined;
  replay?: ReplayActions | undefined;
  /** Shows another alternative of a message (null: not now, a reply is being written). */
  onShowBranch?: ((messageId: string) => void) | null | undefined;
  /** The conversation's last message (the one a reply can be regenerated from). */
  last?: boolean;
}) {
  return (
    <article aria-label={message.role === 'user' ? 'Your message' : 'Reply'} className="py-3">
      {message.role === 'user' ? (
        <UserMessage message={message} onEdit={replay?.edit} />
      ) : (
        <AssistantMessage
          message={message}
          activity={activity}
          onRegenerate={last ? replay?.regenerate : undefined}
          onDecide={last ? replay?.decide : undefined}
          alwaysAllow={replay?.alwaysAllow}
        />
      )}
      <BranchSwitcher
        message={message}
        onShow={onShowBranch}
        align={message.role === 'user' ? 'end' : 'start'}
      />
    </article>
  );
});
