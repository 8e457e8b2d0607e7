import type { Conversation, ModelSettings } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/dialog';
import { updateConversationSettings } from '../api/conversations';
import { updateCachedConversations } from '../api/queries';
import { ModelSettingsForm } from './model-settings-form';

/** The conversation's system prompt and model parameters, saved on the conversation. */
export function ConversationSettingsDialog({
  conversation,
  provider,
  onClose,
}: {
  conversation: Conversation;
  /** The chat's provider (its web search depends on it); by default the conversation's. */
  provider?: string | undefined;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const save = async (settings: ModelSettings) => {
    const next = Object.keys(settings).length ? settings : null;
    await updateConversationSettings(conversation, next);
    updateCachedConversations(client, (conversations) =>
      conversations.map((candidate) => {
        if (candidate.id !== conversation.id) return candidate;
        const { settings: _old, ...rest } = candidate;
        return next ? { ...rest, settings: next } : rest;
      }),
    );
    onClose();
  };
  return (
    <Dialog
      title="Model settings"
      description={`The system prompt and model parameters of “${conversation.title || conversation.name}”.`}
      onClose={onClose}
    >
      <ModelSettingsForm
        initial={conversation.settings}
        onSave={save}
        provider={provider ?? conversation.metadata?.defaultProvider}
        knowledge
      />
    </Dialog>
  );
}
