import type { Conversation } from '@agentforge/shared';
import { SlidersHorizontalIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  ConversationSettingsDialog,
  NewChatSettingsDialog,
  preloadSettingsDialogs,
} from './lazy-settings-dialogs';
import type { NewChatSettings } from './new-chat-settings-dialog';

/**
 * 'Chat settings' by the input: the conversation's system prompt and model parameters, or, in a
 * new chat, the ones its conversation is created with by the first message.
 */
export function ChatSettingsButton({
  conversation,
  newChat,
  provider,
}: {
  /** The conversation shown, or null in a new chat. */
  conversation: Conversation | null;
  newChat: NewChatSettings;
  /** The provider the chat uses (the picker's). */
  provider: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Chat settings"
        title="Chat settings"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadSettingsDialogs}
        onFocus={preloadSettingsDialogs}
        className="size-10 shrink-0 justify-center rounded-full text-slate-600"
      >
        <SlidersHorizontalIcon aria-hidden="true" className="size-5" />
      </Button>
      {open && conversation ? (
        <ConversationSettingsDialog conversation={conversation} provider={provider} onClose={close} />
      ) : null}
      {open && !conversation ? (
        <NewChatSettingsDialog newChat={newChat} provider={provider} onClose={close} />
      ) : null}
    </>
  );
}
