import { MAX_CHAT_SERVERS, SERVER_BAR_MESSAGES } from '@agentforge/shared';
import { CheckIcon, ChevronDownIcon, ServerIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LazyDropdownMenu, type Menu } from '../../../components/lazy-dropdown-menu';
import { MENU, MENU_ITEM } from '../../../components/menu';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import type { ServerView } from '../api/servers';
import { isServerActive, ServerStatusDot, statusTextOf } from './server-status';

const ACTIVE_BADGE = 'Active';

/** What the picker says of a server: running, stopped (idle), remote, or that it needs attention. */
export function pickerStateOf(server: ServerView): string {
  if (server.kind === 'remote') return 'Remote';
  if (server.status === 'error' || (server.status === 'enabled' && server.healthStatus === 'error')) {
    return 'Needs attention';
  }
  return statusTextOf(server);
}

/** The top bar's summary: 'No Server Connected', the one server, or '2 servers'. */
export const serversSummary = (count: number) => `${count} servers`;

const TRIGGER = buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-w-72 px-2.5 font-medium' });

type ChatServersMenuProps = {
  servers: readonly ServerView[];
  /** The list has loaded: an attached id it does not know was deleted. */
  loaded: boolean;
  attachedIds: readonly string[];
  onToggle: (serverId: string) => void;
  onClear: () => void;
  /** The menu's last items ('Add', the usage on small screens), given the loaded menu. */
  children?: (Menu: Menu) => ReactNode;
};

/**
 * The chat's servers (issue 30 item 3): a multi-select of the user's servers, each with its state;
 * the trigger names the one attached or counts them ('2 servers'). Picking keeps the menu open, so
 * several can be ticked in a row; at most MAX_CHAT_SERVERS.
 */
export function ChatServersMenu({
  servers,
  loaded,
  attachedIds,
  onToggle,
  onClear,
  children,
}: ChatServersMenuProps) {
  const attached = servers.filter((server) => attachedIds.includes(server.id));
  const missing = loaded && attached.length < attachedIds.length;
  const full = attachedIds.length >= MAX_CHAT_SERVERS;
  const [only] = attached;

  let label: ReactNode;
  let description: string;
  if (attachedIds.length > 1) {
    description = `${serversSummary(attachedIds.length)} (${attached.map((server) => server.name).join(', ')})`;
    label = (
      <>
        <ServerIcon className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">{serversSummary(attachedIds.length)}</span>
      </>
    );
  } else if (only) {
    description = `${only.name}${isServerActive(only) ? ` ${ACTIVE_BADGE}` : ''}`;
    label = (
      <>
        <ServerIcon className="size-4 shrink-0 text-slate-500" />
        <span className="hidden truncate sm:inline">{only.name}</span>
        {isServerActive(only) ? (
          <Badge tone="success">{ACTIVE_BADGE}</Badge>
        ) : (
          <Badge className="max-sm:hidden">{pickerStateOf(only)}</Badge>
        )}
      </>
    );
  } else if (attachedIds.length && !missing) {
    description = 'Loading';
    label = <span className="h-4 w-24 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  } else {
    description = missing ? 'Server removed' : SERVER_BAR_MESSAGES.noServerConnected;
    label = (
      <>
        <ServerIcon className="size-4 shrink-0 text-slate-400 sm:hidden" />
        <span className={`size-2 shrink-0 rounded-full ${missing ? 'bg-amber-400' : 'bg-slate-300'}`} />
        <span className="hidden truncate text-slate-500 sm:inline">{description}</span>
      </>
    );
  }

  return (
    <LazyDropdownMenu
      trigger={{
        'aria-label': `Chat server: ${description}`,
        className: TRIGGER,
        children: (
          <>
            {label}
            <ChevronDownIcon className="size-4 shrink-0 text-slate-400 max-sm:hidden" />
          </>
        ),
      }}
    >
      {(Menu) => (
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={4}
            collisionPadding={12}
            className={`${MENU} w-72 max-w-[calc(100vw-1.5rem)]`}
          >
            <Menu.Label className="px-2.5 pt-1 pb-1.5 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
              Tools for this chat
            </Menu.Label>
            {servers.map((server) => {
              const checked = attachedIds.includes(server.id);
              return (
                <Menu.CheckboxItem
                  key={server.id}
                  checked={checked}
                  disabled={!checked && full}
                  onCheckedChange={() => onToggle(server.id)}
                  // Stays open: several servers are ticked in a row.
                  onSelect={(event) => event.preventDefault()}
                  className={`${MENU_ITEM} data-[disabled]:opacity-50`}
                >
                  <ServerStatusDot server={server} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-800">{server.name}</span>
                    <span className="block truncate text-xs text-slate-600">{pickerStateOf(server)}</span>
                  </span>
                  <Menu.ItemIndicator>
                    <CheckIcon className="size-4 text-slate-900" />
                  </Menu.ItemIndicator>
                </Menu.CheckboxItem>
              );
            })}
            <Menu.CheckboxItem
              checked={attachedIds.length === 0}
              onCheckedChange={onClear}
              className={MENU_ITEM}
            >
              <span className="size-2 shrink-0 rounded-full bg-slate-300" />
              <span className="flex-1 text-slate-600">No server</span>
              <Menu.ItemIndicator>
                <CheckIcon className="size-4 text-slate-900" />
              </Menu.ItemIndicator>
            </Menu.CheckboxItem>
            {full ? (
              <p className="px-2.5 py-1 text-xs text-slate-600">{`At most ${MAX_CHAT_SERVERS} servers per chat`}</p>
            ) : null}
            <Menu.Separator className="my-1 border-t border-slate-100" />
            {children?.(Menu)}
          </Menu.Content>
        </Menu.Portal>
      )}
    </LazyDropdownMenu>
  );
}
