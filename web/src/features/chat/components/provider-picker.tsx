import { CHAT_MESSAGES, type Provider } from '@agentforge/shared';
import { CheckIcon, ChevronDownIcon, TriangleAlertIcon } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { providerStyle } from '../../../components/provider-style';
import { useDismiss } from '../../../components/use-dismiss';
import type { ModelChoice } from '../utils/provider-choice';

type ProviderPickerProps = {
  status: 'loading' | 'ready' | 'error';
  providers: Provider[];
  choice: ModelChoice | null;
  onChoose: (choice: ModelChoice) => void;
  onRetry: () => void;
  onAddProvider: () => void;
};

const TRIGGER =
  'inline-flex max-w-full items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-800 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500';

/** Which provider and model the chat uses; each provider in its colour (spec 3). */
export function ProviderPicker({
  status,
  providers,
  choice,
  onChoose,
  onRetry,
  onAddProvider,
}: ProviderPickerProps) {
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useDismiss(open, closeMenu, root);

  if (status === 'error') {
    return (
      <p role="alert" className="inline-flex items-center gap-2 text-sm text-red-600">
        <TriangleAlertIcon className="size-4" />
        {CHAT_MESSAGES.loadProvidersFailed}
        <button type="button" onClick={onRetry} className="font-semibold underline underline-offset-2">
          Retry
        </button>
      </p>
    );
  }
  if (status === 'loading') {
    return <span className="h-8 w-44 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
  }
  if (!choice) {
    return (
      <button type="button" onClick={onAddProvider} className={TRIGGER}>
        <span className="size-2.5 rounded-full bg-slate-300" />
        Add a model provider
      </button>
    );
  }

  const provider = providers.find((p) => p.id === choice.provider);
  const model = provider?.models.find((m) => m.id === choice.model);
  return (
    <div ref={root} className="relative min-w-0">
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={TRIGGER}
      >
        <span className={`size-2.5 shrink-0 rounded-full ${providerStyle(choice.provider).dot}`} />
        <span className="truncate">
          <span className="text-slate-500">{provider?.name} · </span>
          {model?.name ?? choice.model}
        </span>
        <ChevronDownIcon className="size-4 shrink-0 text-slate-500" />
      </button>
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Model"
          className="absolute top-full left-0 z-30 mt-1 max-h-[70vh] w-72 overflow-y-auto rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200"
        >
          {providers.map((p) => (
            <fieldset key={p.id} aria-label={p.name} className="py-1">
              <p className="flex items-center gap-2 px-2.5 pt-1 pb-1.5">
                <span
                  className={`rounded-md px-1.5 py-0.5 text-[11px] font-semibold ring-1 ${providerStyle(p.id).badge}`}
                >
                  {p.name}
                </span>
              </p>
              {p.models.map((m) => {
                const selected = p.id === choice.provider && m.id === choice.model;
                return (
                  <button
                    key={m.id}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => {
                      onChoose({ provider: p.id, model: m.id });
                      setOpen(false);
                    }}
                    className="flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm text-slate-700 hover:bg-slate-100"
                  >
                    <span className={`size-2 shrink-0 rounded-full ${providerStyle(p.id).dot}`} />
                    <span className="flex-1 truncate">{m.name}</span>
                    {selected ? <CheckIcon className="size-4 text-slate-900" /> : null}
                  </button>
                );
              })}
            </fieldset>
          ))}
        </div>
      ) : null}
    </div>
  );
}
