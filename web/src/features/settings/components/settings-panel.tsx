import { useEffect, useId, useRef, useState } from 'react';
import { FormBanner } from '../../../components/form/form-banner';
import { Spinner } from '../../../components/spinner';
import { deleteApiKey } from '../api/api-keys';
import { useApiKeys } from '../hooks/use-api-keys';
import { AddApiKeyForm } from './add-api-key-form';
import { ApiKeyRow } from './api-key-row';

type SettingsPanelProps = {
  onClose: () => void;
  /** Keys were added or deleted: the available providers changed. */
  onKeysChanged: () => void;
};

function SectionTitle({ title, text }: { title: string; text: string }) {
  return (
    <div className="mb-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mt-0.5 text-xs text-slate-500">{text}</p>
    </div>
  );
}

/** A slide-over with the stored API keys and a form to add one. Escape or the backdrop closes it. */
export function SettingsPanel({ onClose, onKeysChanged }: SettingsPanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const keys = useApiKeys();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => panel.current?.focus(), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const changed = () => {
    keys.reload();
    onKeysChanged();
  };

  const remove = async (id: string) => {
    setFailure(null);
    try {
      await deleteApiKey(id);
      changed();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex justify-end">
      <button
        type="button"
        aria-label="Close settings"
        onClick={onClose}
        className="absolute inset-0 bg-slate-900/30"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative flex h-full w-full max-w-md flex-col bg-slate-50 shadow-2xl outline-none"
      >
        <header className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 bg-white px-5">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Settings
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            Close
          </button>
        </header>
        <div className="flex-1 space-y-8 overflow-y-auto p-5">
          <section>
            <SectionTitle
              title="API keys"
              text="Your keys are stored encrypted; only their last 4 characters are shown."
            />
            {failure ? <FormBanner message={failure} /> : null}
            {keys.status === 'loading' ? <Spinner /> : null}
            {keys.status === 'error' ? <FormBanner message={keys.error ?? ''} /> : null}
            {keys.status === 'ready' && keys.keys.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
                No keys stored yet.
              </p>
            ) : null}
            <ul className="space-y-2">
              {keys.keys.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} onDelete={remove} />
              ))}
            </ul>
          </section>
          <section>
            <SectionTitle
              title="Add a key"
              text="Anthropic, OpenAI, Google or Mistral, or any OpenAI-compatible endpoint (such as Ollama)."
            />
            <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <AddApiKeyForm onSaved={changed} />
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
