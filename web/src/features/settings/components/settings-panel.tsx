import type { ApiKeyView, Provider } from '@agentforge/shared';
import { Dialog } from '../../../components/dialog';
import { FormBanner } from '../../../components/form/form-banner';
import { Spinner } from '../../../components/spinner';
import { LinkedAccounts } from '../../github/components/linked-accounts';
import { VoiceSettings } from '../../voice/voice-settings';
import { useApiKeyMutations } from '../api/queries';
import { useApiKeys } from '../hooks/use-api-keys';
import { AddApiKeyForm } from './add-api-key-form';
import { ApiKeyRow } from './api-key-row';
import { Appearance } from './appearance';
import { ChatDefaults } from './chat-defaults';
import { MemorySettings } from './memory-settings';

type SettingsPanelProps = {
  onClose: () => void;
  /** Keys were added or deleted: the available providers changed. */
  onKeysChanged: () => void;
  /** The providers the keys give (GET /api-keys/providers): a key whose models cannot be listed says why. */
  providers?: readonly Provider[];
  onRetryProviders?: () => void;
};

/** Why the provider a stored key gives has no models, if it has none. */
function listingErrorOf(key: ApiKeyView, providers: readonly Provider[]): string | undefined {
  const id = key.provider === 'custom' ? `custom:${key.id}` : key.provider;
  return providers.find((provider) => provider.id === id)?.error;
}

function SectionTitle({ title, text }: { title: string; text: string }) {
  return (
    <div className="mb-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mt-0.5 text-xs text-slate-500">{text}</p>
    </div>
  );
}

/** A slide-over dialog with the stored API keys and a form to add one. */
export function SettingsPanel({
  onClose,
  onKeysChanged,
  providers = [],
  onRetryProviders,
}: SettingsPanelProps) {
  const keys = useApiKeys();
  const { remove } = useApiKeyMutations(onKeysChanged);

  return (
    <Dialog title="Settings" onClose={onClose} placement="side" width="max-w-md">
      <div className="space-y-8">
        <section>
          <SectionTitle
            title="API keys"
            text="Your keys are stored encrypted; only their last 4 characters are shown."
          />
          {remove.error ? <FormBanner message={remove.error.message} /> : null}
          {keys.status === 'loading' ? <Spinner /> : null}
          {keys.status === 'error' ? <FormBanner message={keys.error ?? ''} /> : null}
          {keys.status === 'ready' && keys.keys.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
              No keys stored yet.
            </p>
          ) : null}
          <ul className="space-y-2">
            {keys.keys.map((key) => (
              <ApiKeyRow
                key={key.id}
                apiKey={key}
                deleting={remove.isPending && remove.variables === key.id}
                listingError={listingErrorOf(key, providers)}
                onRetry={onRetryProviders}
                onDelete={(id) => remove.mutate(id)}
              />
            ))}
          </ul>
        </section>
        <section>
          <SectionTitle
            title="Add a key"
            text="Anthropic, OpenAI, Google or Mistral, or any OpenAI-compatible endpoint (such as Ollama)."
          />
          <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <AddApiKeyForm onKeysChanged={onKeysChanged} />
          </div>
        </section>
        <section>
          <SectionTitle
            title="Linked accounts"
            text="MCP servers can use your GitHub account (such as the GitHub server's token) without pasting it."
          />
          <LinkedAccounts />
        </section>
        <section>
          <SectionTitle title="Appearance" text="Light, dark, or following your system setting." />
          <Appearance />
        </section>
        <section>
          <SectionTitle
            title="Chat defaults"
            text="The system prompt and model parameters new conversations start with."
          />
          <ChatDefaults />
        </section>
        <section>
          <SectionTitle title="Voice" text="Dictate into the message box and hear replies read aloud." />
          <VoiceSettings />
        </section>
        <section>
          <SectionTitle
            title="Memory"
            text="Facts the assistant remembers about you. While on, the newest go into every chat (about 1,000 tokens of them). Never shared with a team; in a team's space only if its Admins allow it."
          />
          <MemorySettings />
        </section>
      </div>
    </Dialog>
  );
}
