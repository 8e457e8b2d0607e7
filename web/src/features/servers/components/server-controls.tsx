import { ServerIcon } from 'lucide-react';
import { useState } from 'react';
import type { ServersState } from '../hooks/use-servers';
import type { UsageState } from '../hooks/use-usage';
import { ChatServersMenu } from './chat-servers-menu';
import { ServerConfigModal } from './lazy-server-config-modal';
import { UsageMeter } from './usage-meter';

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
        footer={{ usage, onAdd: canManage ? () => setModal('new') : undefined, onOpenUsage }}
      />
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
