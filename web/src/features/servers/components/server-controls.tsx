import { BILLING_REQUEST_MESSAGES, SERVER_BAR_MESSAGES, usageHoursFloored } from '@agentforge/shared';
import { CreditCardIcon, PlusIcon, ServerIcon } from 'lucide-react';
import { useState } from 'react';
import { MENU_ITEM } from '../../../components/menu';
import { SUBSCRIPTION_TITLE } from '../../billing/utils/plan-display';
import type { ServersState } from '../hooks/use-servers';
import type { UsageState } from '../hooks/use-usage';
import { ChatServersMenu } from './chat-servers-menu';
import { ServerConfigModal } from './lazy-server-config-modal';

export const CONFIGURE_SERVER_LABEL = 'Configure Server';

type ServerControlsProps = {
  servers: ServersState;
  usage: UsageState;
  /** The servers attached to the chat shown, in order. */
  attachedIds: readonly string[];
  /** Attaches a server, or detaches it when attached. */
  onToggle: (serverId: string) => void;
  /** 'No server': detaches them all. */
  onClear: () => void;
  /** Opens 'Subscription & Usage' (the usage meter is its button). */
  onOpenUsage?: () => void;
  /** The caller may add and edit servers: without it (a team's User) no 'Add' nor 'Configure Server'. */
  canManage: boolean;
};

/**
 * Usage as 'X/Y hours', both floored (spec 9), or 'Failed to load usage data'; with `onOpen` it is
 * a button opening 'Subscription & Usage'.
 */
export function UsageMeter({ usage, onOpen }: { usage: UsageState; onOpen?: (() => void) | undefined }) {
  if (usage.status === 'error') {
    return (
      <p role="alert" className="text-xs font-medium text-red-600">
        {BILLING_REQUEST_MESSAGES.loadUsageFailed}
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
 * The top bar's server part (spec 2): the chat's servers as a multi-select of the user's servers
 * (ChatServersMenu); the compute usage; and 'Configure Server' (not for a team's User, who neither
 * adds nor edits the team's servers).
 */
export function ServerControls({
  servers,
  usage,
  attachedIds,
  onToggle,
  onClear,
  onOpenUsage,
  canManage,
}: ServerControlsProps) {
  const [modal, setModal] = useState<'new' | 'edit' | null>(null);
  // 'Configure Server' edits the chat's first server.
  const attached = servers.servers.find((s) => s.id === attachedIds[0]);

  return (
    <div className="flex min-w-0 shrink-0 items-center gap-1 sm:gap-3">
      <ChatServersMenu
        servers={servers.servers}
        loaded={servers.status === 'ready'}
        attachedIds={attachedIds}
        onToggle={onToggle}
        onClear={onClear}
      >
        {(Menu) => (
          <>
            {canManage ? (
              <Menu.Item
                onSelect={() => setModal('new')}
                className={`${MENU_ITEM} font-medium text-indigo-600`}
              >
                <PlusIcon className="size-4" />
                {SERVER_BAR_MESSAGES.addServer}
              </Menu.Item>
            ) : null}
            {onOpenUsage ? (
              <Menu.Item onSelect={onOpenUsage} className={`${MENU_ITEM} lg:hidden`}>
                <CreditCardIcon className="size-4" />
                {SUBSCRIPTION_TITLE}
              </Menu.Item>
            ) : null}
            {/* Below lg the top bar has no room for the usage meter: it shows here instead. */}
            <div className="mt-1 border-t border-slate-100 px-2.5 pt-2 pb-1 lg:hidden">
              <UsageMeter usage={usage} />
            </div>
          </>
        )}
      </ChatServersMenu>
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
          // A server configured from the chat is one of the chat's servers.
          onSaved={(server) => {
            if (!attachedIds.includes(server.id)) onToggle(server.id);
          }}
        />
      ) : null}
      {modal === 'edit' && attached ? (
        <ServerConfigModal server={attached} servers={servers} onClose={() => setModal(null)} />
      ) : null}
    </div>
  );
}
