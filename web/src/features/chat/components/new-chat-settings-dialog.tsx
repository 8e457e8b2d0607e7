import type { ModelSettings } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../../components/dialog';
import { preferencesQuery } from '../../settings/api/queries';
import { ModelSettingsForm } from './model-settings-form';

export type NewChatSettings = { chosen: ModelSettings | null; choose: (settings: ModelSettings) => void };

/** A new chat's system prompt and model parameters, kept until its first message creates it. */
export function NewChatSettingsDialog({
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
