import { SERVER_MESSAGES, SUBSCRIPTION_MESSAGES, usageHoursFloored } from '@agentforge/shared';
import { CheckIcon, ChevronDownIcon, CreditCardIcon, PlusIcon, ServerIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { MENU, MENU_ITEM } from '../../../components/menu';
import { buttonVariants } from '../../../components/ui/button';
import { SUBSCRIPTION_TITLE } from '../../billing/utils/plan-display';
import type { ServersState } from '../hooks/use-servers';
import type { UsageState } from '../hooks/use-usage';
import { ServerConfigModal } from './lazy-server-config-modal';
import { isServerActive, ServerStatusDot, statusTextOf } from './server-status';

export const ACTIVE_BADGE = 'Active';
export const CONFIGURE_SERVER_LABEL = 'Configure Server';

type ServerControlsProps = {
  servers: ServersState;
  usage: UsageState;
  /** The server attached to the chat shown. */
  attachedId: string | null;
  onAttach: (serverId: string | null) => void;
  /** Opens 'Subscription & Usage' (the usage meter is its button). */
  onOpenUsage?: () => void;
  /** The caller may add and edit servers: without it (a team's User) no 'Add' nor 'Configure Server'. */
  canManage: boolean;
};

/** The radio value of 'No server' (server ids are ulids, never this). */
const NO_SERVER = 'none';

const TRIGGER = buttonVariants({
  variant: 'ghost',
  size: 'sm',
  className: 'max-w-72 px-2.5 font-medium',
});
/**
 * Usage as 'X/Y hours', both floored (spec 9), or 'Failed to load usage data'; with `onOpen` it is
 * a button opening 'Subscription & Usage'.
 */
export function UsageMeter({ usage, onOpen }: { usage: UsageState; onOpen?: (() => void) | undefined }) {
  if (usage.status === 'error') {
    return (
      <p role="alert" className="text-xs font-medium text-red-600">
        {SUBSCRIPTION_MESSAGES.loadUsageFailed}
      </p>
    );
  }
  if (!usage.usage) {
    return <span aria-hidden="true" className="h-4 w-20 animate-pulse rounded bg-slate-100" />;
  }
  const { usedMinutes, limitMinutes } = usage.usage;
  const share = limitMinutes > 0 ? Math.min(1, usedMinutes / limitMinutes) : 0;
  const bar = share >= 0.9 ? 'bg-red-500' : share >= 0.7 ? 'bg-amber-500' : 'bg-emerald-500';
  const Meter = onOpen ? 'button' : 'div';
  return (
    <Meter
      {...(onOpen
        ? {
            type: 'button' as const,
            onClick: onOpen,
            'aria-label': `Server usage: ${usageHoursFloored(usedMinutes)}/${usageHoursFloored(limitMinutes)} hours`,
            className:
              'flex w-full flex-col gap-1 rounded-md p-1 text-left transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500',
          }
        : { className: 'flex flex-col gap-1' })}
      title={`Server compute this month: ${usedMinutes} of ${limitMinutes} minutes`}
    >
      <p className="text-xs whitespace-nowrap text-slate-500">
        <span className="sr-only">Server usage: </span>
        <span className="font-semibold text-slate-700">
          {usageHoursFloored(usedMinutes)}/{usageHoursFloored(limitMinutes)} hours
        </span>
      </p>
      <div className="h-1 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className={`h-full rounded-full ${bar}`} style={{ width: `${Math.max(share * 100, 2)}%` }} />
      </div>
    </Meter>
  );
}

/**
 * The top bar's server part (spec 2): the chat's server with an 'Active' badge, or 'No Server
 * Connected', as a picker of the user's servers; the compute usage; and 'Configure Server' (not for
 * a team's User, who neither adds nor edits the team's servers).
 */
export function ServerControls({
  servers,
  usage,
  attachedId,
  onAttach,
  onOpenUsage,
  canManage,
}: ServerControlsProps) {
  const [modal, setModal] = useState<'new' | 'edit' | null>(null);
  const attached = attachedId ? servers.servers.find((s) => s.id === attachedId) : undefined;
  // An id the list does not know (deleted meanwhile) once the list has loaded.
  const missing = attachedId !== null && !attached && servers.status === 'ready';

  let label: ReactNode;
  if (attached) {
    label = (
      <>
        <ServerIcon className="size-4 shrink-0 text-slate-500" />
        <span className="hidden truncate sm:inline">{attached.name}</span>
        {isServerActive(attached) ? (
          <span className="rounded-full bg-emerald-50 px-1.5 py-0.5 text-[11px] font-semibold text-emerald-700 ring-1 ring-emerald-600/20">
            {ACTIVE_BADGE}
          </span>
        ) : (
          <span className="hidden rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap text-slate-500 ring-1 ring-slate-500/15 sm:inline">
            {statusTextOf(attached)}
          </span>
        )}
      </>
    );
  } else if (attachedId && !missing) {
    label = <span className="h-4 w-24 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  } else {
    label = (
      <>
        <ServerIcon className="size-4 shrink-0 text-slate-400 sm:hidden" />
        <span className={`size-2 shrink-0 rounded-full ${missing ? 'bg-amber-400' : 'bg-slate-300'}`} />
        <span className="hidden truncate text-slate-500 sm:inline">
          {missing ? 'Server removed' : SERVER_MESSAGES.noServerConnected}
        </span>
      </>
    );
  }

  return (
    <div className="flex min-w-0 shrink-0 items-center gap-1 sm:gap-3">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Chat server: ${attached ? `${attached.name}${isServerActive(attached) ? ` ${ACTIVE_BADGE}` : ''}` : missing ? 'Server removed' : SERVER_MESSAGES.noServerConnected}`}
          className={TRIGGER}
        >
          {label}
          <ChevronDownIcon className="size-4 shrink-0 text-slate-400 max-sm:hidden" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            collisionPadding={12}
            className={`${MENU} w-72 max-w-[calc(100vw-1.5rem)]`}
          >
            <DropdownMenu.Label className="px-2.5 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
              Tools for this chat
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={attachedId ?? NO_SERVER}
              onValueChange={(value) => onAttach(value === NO_SERVER ? null : value)}
            >
              {servers.servers.map((server) => (
                <DropdownMenu.RadioItem key={server.id} value={server.id} className={MENU_ITEM}>
                  <ServerStatusDot server={server} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-800">{server.name}</span>
                    <span className="block truncate text-xs text-slate-500">{statusTextOf(server)}</span>
                  </span>
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon className="size-4 text-slate-900" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
              <DropdownMenu.RadioItem value={NO_SERVER} className={MENU_ITEM}>
                <span className="size-2 shrink-0 rounded-full bg-slate-300" />
                <span className="flex-1 text-slate-600">No server</span>
                <DropdownMenu.ItemIndicator>
                  <CheckIcon className="size-4 text-slate-900" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 border-t border-slate-100" />
            {canManage ? (
              <DropdownMenu.Item
                onSelect={() => setModal('new')}
                className={`${MENU_ITEM} font-medium text-indigo-600`}
              >
                <PlusIcon className="size-4" />
                {SERVER_MESSAGES.addServer}
              </DropdownMenu.Item>
            ) : null}
            {onOpenUsage ? (
              <DropdownMenu.Item onSelect={onOpenUsage} className={`${MENU_ITEM} lg:hidden`}>
                <CreditCardIcon className="size-4" />
                {SUBSCRIPTION_TITLE}
              </DropdownMenu.Item>
            ) : null}
            {/* Below lg the top bar has no room for the usage meter: it shows here instead. */}
            <div className="mt-1 border-t border-slate-100 px-2.5 pt-2 pb-1 lg:hidden">
              <UsageMeter usage={usage} />
            </div>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <div className="hidden w-28 lg:block">
        <UsageMeter usage={usage} onOpen={onOpenUsage} />
      </div>
      {canManage ? (
        <button
          type="button"
          onClick={() => setModal(attached ? 'edit' : 'new')}
          aria-label={CONFIGURE_SERVER_LABEL}
          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-200 transition hover:bg-slate-100 hover:text-slate-900"
        >
          <ServerIcon className="size-4" />
          <span className="hidden md:inline">{CONFIGURE_SERVER_LABEL}</span>
        </button>
      ) : null}
      {modal === 'new' ? (
        <ServerConfigModal
          servers={servers}
          onClose={() => setModal(null)}
          // A server configured from the chat is the chat's server.
          onSaved={(server) => onAttach(server.id)}
        />
      ) : null}
      {modal === 'edit' && attached ? (
        <ServerConfigModal server={attached} servers={servers} onClose={() => setModal(null)} />
      ) : null}
    </div>
  );
}
