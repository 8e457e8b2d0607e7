import { CHAT_MESSAGES, type Provider } from '@agentforge/shared';
import { CheckIcon, ChevronDownIcon, TriangleAlertIcon } from 'lucide-react';
import { LazyDropdownMenu } from '../../../components/lazy-dropdown-menu';
import { MENU, MENU_ITEM } from '../../../components/menu';
import { providerStyle } from '../../../components/provider-style';
import { buttonVariants } from '../../../components/ui/button';
import type { ModelChoice } from '../utils/provider-choice';

type ProviderPickerProps = {
  status: 'loading' | 'ready' | 'error';
  providers: Provider[];
  choice: ModelChoice | null;
  onChoose: (choice: ModelChoice) => void;
  onRetry: () => void;
  onAddProvider: () => void;
  /** The menu's open state, when something else opens it too (the input's 'Switch model'). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

const TRIGGER = buttonVariants({
  variant: 'ghost',
  size: 'sm',
  className: 'max-w-full px-2.5 font-medium text-slate-800',
});

/** Which provider and model the chat uses; each provider in its colour (spec 3). */
export function ProviderPicker({
  status,
  providers,
  choice,
  onChoose,
  onRetry,
  onAddProvider,
  open,
  onOpenChange,
}: ProviderPickerProps) {
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
      // Truncated, not spilling out of a narrow top bar (a phone's, with the Space select) over
      // 'Open sidebar', where a tap meant for the drawer would open Settings.
      <button type="button" onClick={onAddProvider} className={TRIGGER}>
        <span className="size-2.5 shrink-0 rounded-full bg-slate-300" />
        <span className="min-w-0 truncate">Add a model provider</span>
      </button>
    );
  }

  const provider = providers.find((p) => p.id === choice.provider);
  const model = provider?.models.find((m) => m.id === choice.model);
  return (
    <LazyDropdownMenu
      open={open}
      onOpenChange={onOpenChange}
      trigger={{
        className: TRIGGER,
        children: (
          <>
            <span className={`size-2.5 shrink-0 rounded-full ${providerStyle(choice.provider).dot}`} />
            <span className="min-w-0 truncate">
              {/* On a phone the model alone: it is what answers. */}
              <span className="text-slate-600 max-sm:hidden">{provider?.name} · </span>
              {model?.name ?? choice.model}
            </span>
            <ChevronDownIcon className="size-4 shrink-0 text-slate-600" />
          </>
        ),
      }}
    >
      {(Menu) => (
        <Menu.Portal>
          <Menu.Content align="start" sideOffset={4} className={`${MENU} max-h-[70vh] w-72 overflow-y-auto`}>
            {providers.map((p) => (
              <Menu.RadioGroup
                key={p.id}
                aria-label={p.name}
                value={p.id === choice.provider ? choice.model : ''}
                onValueChange={(modelId) => onChoose({ provider: p.id, model: modelId })}
                className="py-1"
              >
                <Menu.Label className="flex items-center gap-2 px-2.5 pt-1 pb-1.5">
                  <span
                    className={`rounded-md px-1.5 py-0.5 text-[11px] font-semibold ring-1 ${providerStyle(p.id).badge}`}
                  >
                    {p.name}
                  </span>
                </Menu.Label>
                {p.error ? (
                  <p className="px-2.5 pb-1.5 text-xs text-red-700">Unavailable: {p.error}</p>
                ) : null}
                {p.models.map((m) => (
                  <Menu.RadioItem key={m.id} value={m.id} className={MENU_ITEM}>
                    <span className={`size-2 shrink-0 rounded-full ${providerStyle(p.id).dot}`} />
                    <span className="flex-1 truncate">{m.name}</span>
                    <Menu.ItemIndicator>
                      <CheckIcon className="size-4 text-slate-900" />
                    </Menu.ItemIndicator>
                  </Menu.RadioItem>
                ))}
              </Menu.RadioGroup>
            ))}
          </Menu.Content>
        </Menu.Portal>
      )}
    </LazyDropdownMenu>
  );
}
