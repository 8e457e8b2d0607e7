import type { Conversation, ModelSettings } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { SlidersHorizontalIcon } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { Button } from '../../../components/ui/button';
import { preferencesQuery } from '../../settings/api/queries';
import { ConversationSettingsDialog } from './conversation-settings-dialog';
import { ModelSettingsForm } from './model-settings-form';

type NewChatSettings = { chosen: ModelSettings | null; choose: (settings: ModelSettings) => void };

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

function NewChatSettingsDialog({
  newChat,
  provider,
  onClose,
}: {
  newChat: NewChatSettings;
  provider: string | undefined;
  onClose: () => void;
}) {
  // Until set here, a new chat starts with the user's defaults: the form starts from them.
  const defaults = useQuery({ ...preferencesQuery(), enabled: newChat.chosen === null });
  const ready = newChat.chosen !== null || !defaults.isPending;
  return (
    <Dialog
      title="Model settings"
      description="The system prompt and model parameters of this new chat, kept when its first message starts it."
      onClose={onClose}
    >
      {ready ? (
        <ModelSettingsForm
          initial={newChat.chosen ?? defaults.data?.defaultSettings}
          provider={provider}
          knowledge
          onSave={async (settings) => {
            newChat.choose(settings);
            onClose();
          }}
        />
      ) : (
        <p className="text-sm text-slate-600">Loading your default settings…</p>
      )}
    </Dialog>
  );
}
