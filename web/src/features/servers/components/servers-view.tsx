import { SERVER_BAR_MESSAGES, SERVER_MESSAGES } from '@agentforge/shared';
import { PlusIcon, ServerIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { CreatesIn } from '../../teams/components/creates-in';
import type { ServerView } from '../api/servers';
import { useApiBaseUrl } from '../hooks/use-api-base-url';
import type { ServersState } from '../hooks/use-servers';
import { apiUrlOf } from '../utils/external-config';
import { ExternalAccess } from './external-access';
import { ServerConfigModal } from './lazy-server-config-modal';
import { ServerCard } from './server-card';

// Loaded when 'Browse' is first chosen: the chat page shows the list, not the catalog.
const CatalogBrowser = lazy(() =>
  import('./catalog-browser').then((module) => ({ default: module.CatalogBrowser })),
);

type ServersViewProps = {
  servers: ServersState;
  /** The servers attached to the chat shown. */
  attachedIds: readonly string[];
  onAttach: (serverId: string) => void;
  /**
   * The caller may add, edit, stop and delete servers (the personal space, a team's Admin). A
   * team's User sees the team's servers, attaches and starts them, and nothing else.
   */
  canManage: boolean;
};

type Modal = { kind: 'new' } | { kind: 'edit' | 'connect'; id: string } | null;
type Pane = 'list' | 'browse';

const PANES: readonly { id: Pane; label: string }[] = [
  { id: 'list', label: 'Configured' },
  { id: 'browse', label: 'Browse' },
];

function ServerList({
  servers,
  attachedIds,
  onAttach,
  canManage,
  onEdit,
  onConnect,
}: ServersViewProps & { onEdit: (server: ServerView) => void; onConnect: (server: ServerView) => void }) {
  const apiBaseUrl = useApiBaseUrl();
  if (servers.status === 'loading' && servers.servers.length === 0) {
    return (
      <div className="space-y-2" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="h-36 animate-pulse rounded-xl bg-slate-200/60" />
        ))}
      </div>
    );
  }
  if (servers.status === 'error') {
    return (
      <div role="alert" className="px-3 text-sm text-red-600">
        <p>{servers.error}</p>
        <button
          type="button"
          onClick={servers.reload}
          className="mt-1 font-semibold underline underline-offset-2"
        >
          Retry
        </button>
      </div>
    );
  }
  if (servers.servers.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center">
        <ServerIcon className="mx-auto size-6 text-slate-400" />
        <p className="mt-2 text-sm font-medium text-slate-700">No MCP servers yet</p>
        <p className="mt-1 text-xs text-slate-500">
          {canManage
            ? 'Add one from an npm package, enable it, and its tools are ready for your chats.'
            : SERVER_MESSAGES.teamServersEmpty}
        </p>
      </div>
    );
  }
  return (
    <ul className="space-y-2.5">
      {servers.servers.map((server) => (
        <li key={server.id}>
          <ServerCard
            server={server}
            endpointUrl={
              server.endpoint && apiBaseUrl ? apiUrlOf(apiBaseUrl, server.endpoint) : server.endpoint
            }
            pending={servers.pending[server.id]}
            failure={servers.failures[server.id]}
            attached={attachedIds.includes(server.id)}
            canManage={canManage}
            onToggle={(s) => void servers.toggle(s)}
            onEdit={onEdit}
            onConnect={onConnect}
            onDelete={(s) => void servers.remove(s.id)}
            onAttach={(s) => onAttach(s.id)}
            onDismissFailure={servers.dismissFailure}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The sidebar's Servers view (spec 2): the server cards and 'Add MCP Server Config' (only for who
 * may add one: the personal space, a team's Admin).
 */
export function ServersView(props: ServersViewProps) {
  const { servers } = props;
  const [modal, setModal] = useState<Modal>(null);
  const [pane, setPane] = useState<Pane>('list');
  // The server just added from the catalog: named in a status line, and the list (mounted on the
  // switch back to it) takes the focus, where the 'Add' that had it is gone.
  const [added, setAdded] = useState<{ name: string } | null>(null);
  const focusList = useRef(false);
  const listRef = (node: HTMLElement | null) => {
    if (node && focusList.current) {
      focusList.current = false;
      node.focus();
    }
  };
  const createsInId = useId();
  const target = modal && modal.kind !== 'new' ? servers.servers.find((s) => s.id === modal.id) : undefined;
  const close = () => setModal(null);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {props.canManage ? (
        <div className="px-3 pb-2">
          <button
            type="button"
            onClick={() => setModal({ kind: 'new' })}
            aria-describedby={createsInId}
            className="flex w-full items-center gap-2.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50"
          >
            <PlusIcon className="size-4" />
            {SERVER_BAR_MESSAGES.addServer}
            <CreatesIn id={createsInId} />
          </button>
        </div>
      ) : null}
      <Tabs.Root
        value={pane}
        onValueChange={(value) => {
          setPane(value as Pane);
          setAdded(null);
        }}
        className="flex min-h-0 flex-1 flex-col"
      >
        <Tabs.List aria-label="Servers view" className="mx-3 flex gap-1 rounded-lg bg-slate-200/60 p-1">
          {PANES.map(({ id, label }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="flex-1 rounded-md px-2 py-1 text-xs font-semibold text-slate-600 transition hover:text-slate-800 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="list" tabIndex={-1} className="flex min-h-0 flex-1 flex-col outline-none">
          <section
            ref={listRef}
            tabIndex={-1}
            aria-label="MCP servers"
            className="min-h-0 flex-1 overflow-y-auto px-3 py-2 outline-none"
          >
            <p className="flex items-center gap-2 px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Servers
              {servers.polling ? (
                <span
                  role="status"
                  aria-label="Updating"
                  className="size-2.5 animate-spin rounded-full border-2 border-slate-300 border-t-slate-500"
                />
              ) : null}
            </p>
            {added ? (
              <p role="status" className="px-3 pb-2 text-xs text-emerald-700">
                Added “{added.name}”. Enable it, then attach it to a chat.
              </p>
            ) : null}
            <ServerList
              {...props}
              onEdit={(server) => setModal({ kind: 'edit', id: server.id })}
              onConnect={(server) => setModal({ kind: 'connect', id: server.id })}
            />
          </section>
        </Tabs.Content>
        <Tabs.Content
          value="browse"
          tabIndex={-1}
          className="min-h-0 flex-1 overflow-y-auto px-3 py-2 outline-none"
        >
          <section aria-label="MCP server catalog">
            <Suspense fallback={<p className="px-1 py-2 text-xs text-slate-500">Loading the catalog…</p>}>
              <CatalogBrowser
                servers={servers}
                canManage={props.canManage}
                onAdded={(server) => {
                  setAdded({ name: server.name });
                  focusList.current = true;
                  setPane('list');
                }}
              />
            </Suspense>
          </section>
        </Tabs.Content>
      </Tabs.Root>
      {modal?.kind === 'new' && props.canManage ? (
        <ServerConfigModal servers={servers} onClose={close} />
      ) : null}
      {modal?.kind === 'edit' && target ? (
        <ServerConfigModal server={target} servers={servers} onClose={close} />
      ) : null}
      {modal?.kind === 'connect' && target ? (
        <Dialog title="Connect an MCP client" description={target.name} onClose={close}>
          <ExternalAccess server={target} />
        </Dialog>
      ) : null}
    </div>
  );
}
