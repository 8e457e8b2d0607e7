import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { FormBanner } from '../../../components/form/form-banner';
import { Spinner } from '../../../components/spinner';
import { Button } from '../../../components/ui/button';
import { LinkedAccounts } from '../../../features/github/components/linked-accounts';
import { ExternalAccess } from '../../../features/servers/components/external-access';
import { ServerConfigModal } from '../../../features/servers/components/server-config-modal';
import { ServerStatusPill } from '../../../features/servers/components/server-status';
import { useServers } from '../../../features/servers/hooks/use-servers';
import type { RouteHandle } from '../../route-handle';

export const handle: RouteHandle = { title: 'Server' };

const SETTINGS_FEATURE = 'settings';

/**
 * /servers/:appId: one server's page, the code-host return's target. Its status, last error and
 * external endpoint; its settings (open with ?feature=settings): the configuration, and the linked
 * GitHub account, whose 'Connect GitHub' returns here.
 */
export function Component() {
  const { appId = '' } = useParams();
  const servers = useServers();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const settingsOpen = searchParams.get('feature') === SETTINGS_FEATURE;
  const server = servers.servers.find((candidate) => candidate.id === appId);
  const toggleSettings = () =>
    setSearchParams(settingsOpen ? {} : { feature: SETTINGS_FEATURE }, { replace: true });

  return (
    <main className="min-h-screen bg-slate-50 p-6">
      <div className="mx-auto max-w-2xl space-y-6">
        <Link to="/home" className="text-sm font-medium text-slate-700 underline underline-offset-4">
          Back to chat
        </Link>
        {servers.status === 'loading' ? <Spinner /> : null}
        {servers.status === 'error' ? <FormBanner message={servers.error ?? ''} /> : null}
        {servers.status === 'ready' && !server ? (
          <section className="rounded-2xl bg-white p-8 ring-1 ring-slate-200">
            <h1 className="text-2xl font-semibold text-slate-900">Server not found</h1>
            <p className="mt-2 text-slate-600">No server of yours has this id.</p>
          </section>
        ) : null}
        {server ? (
          <>
            <section className="space-y-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <div className="flex items-center justify-between gap-3">
                <h1 className="text-2xl font-semibold text-slate-900">{server.name}</h1>
                <ServerStatusPill server={server} />
              </div>
              <p className="font-mono text-sm break-all text-slate-700">{server.url ?? server.packageName}</p>
              {server.lastError ? <FormBanner message={`Last error: ${server.lastError}`} /> : null}
              <Button size="sm" aria-expanded={settingsOpen} onClick={toggleSettings}>
                Settings
              </Button>
            </section>
            {settingsOpen ? (
              <section
                aria-label="Server settings"
                className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200"
              >
                <h2 className="text-lg font-semibold text-slate-900">Settings</h2>
                <Button size="sm" onClick={() => setEditing(true)}>
                  Edit configuration
                </Button>
                <div>
                  <h3 className="mb-2 text-sm font-semibold text-slate-900">Linked accounts</h3>
                  <LinkedAccounts targetAppId={server.id} />
                </div>
              </section>
            ) : null}
            <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
              <ExternalAccess server={server} />
            </section>
            {editing ? (
              <ServerConfigModal server={server} servers={servers} onClose={() => setEditing(false)} />
            ) : null}
          </>
        ) : null}
      </div>
    </main>
  );
}
