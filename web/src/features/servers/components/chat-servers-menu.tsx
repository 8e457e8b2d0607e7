import { SERVER_BAR_MESSAGES } from '@agentforge/shared';
import { ChevronDownIcon, ServerIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LazyDropdownMenu } from '../../../components/lazy-dropdown-menu';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { loadOnce } from '../../../lib/load-once';
import type { ServerView } from '../api/servers';
import { isServerActive, pickerStateOf } from '../utils/server-status-text';
import type { ServersMenuFooter } from './chat-servers-menu-panel';

const ACTIVE_BADGE = 'Active';

/** The menu's items: their code loads with the menu's (on pointing at or focusing the trigger, or the first open). */
const loadPanel = loadOnce(() => import('./chat-servers-menu-panel'));

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
  /** The menu's last items ('Add', the usage on small screens). */
  footer: ServersMenuFooter;
};

/**
 * The chat's servers (issue 30 item 3): a multi-select of the user's servers, each with its state
 * (`chat-servers-menu-panel.tsx`, loaded with the menu); the trigger, in the top bar's first paint,
 * names the one attached or counts them ('2 servers').
 */
export function ChatServersMenu({
  servers,
  loaded,
  attachedIds,
  onToggle,
  onClear,
  footer,
}: ChatServersMenuProps) {
  const attached = servers.filter((server) => attachedIds.includes(server.id));
  const missing = loaded && attached.length < attachedIds.length;
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
      panel={loadPanel}
    >
      {(Menu, panel) => (
        <panel.ChatServersMenuPanel
          Menu={Menu}
          servers={servers}
          attachedIds={attachedIds}
          onToggle={onToggle}
          onClear={onClear}
          footer={footer}
        />
      )}
    </LazyDropdownMenu>
  );
}
