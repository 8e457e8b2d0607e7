import { errorMessage } from '@agentforge/shared';
import { KeyRoundIcon, TriangleAlertIcon, XCircleIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from '../../../components/copy-button';
import { ScrollRegion } from '../../../components/scroll-region';
import { Button } from '../../../components/ui/button';
import { issueExternalToken, revokeExternalToken } from '../api/server-features';
import type { ServerView } from '../api/servers';
import { useApiBaseUrl } from '../hooks/use-api-base-url';
import { apiUrlOf, CLIENT_LABELS, type ClientKind, clientConfigOf } from '../utils/external-config';

type TokenState =
  | { status: 'idle' }
  | { status: 'issuing' }
  | { status: 'revoking' }
  | { status: 'issued'; token: string; url: string }
  | { status: 'revoked' }
  | { status: 'error'; message: string };

const COPY = 'shrink-0 text-slate-500 hover:bg-slate-200/70 hover:text-slate-800';

function CopyField({ label, value, what }: { label: string; value: string; what: string }) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-slate-600">{label}</p>
      <div className="flex items-center gap-2 rounded-lg bg-slate-50 py-1.5 pr-1.5 pl-3 ring-1 ring-slate-200">
        <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-800">{value}</code>
        <CopyButton text={value} what={what} className={COPY} />
      </div>
    </div>
  );
}

/** The client config snippet for Cursor or Claude Desktop, with the token filled in. */
function ClientSnippet({ name, url, token }: { name: string; url: string; token: string }) {
  const [kind, setKind] = useState<ClientKind>('cursor');
  const snippet = clientConfigOf(kind, name, url, token);
  return (
    <Tabs.Root
      value={kind}
      onValueChange={(value) => setKind(value as ClientKind)}
      className="theme-light overflow-hidden rounded-xl bg-slate-900 ring-1 ring-slate-800"
    >
      <div className="flex items-center gap-1 border-b border-white/10 px-2 py-1.5">
        <Tabs.List aria-label="Client" className="flex gap-1">
          {(Object.keys(CLIENT_LABELS) as ClientKind[]).map((option) => (
            <Tabs.Trigger
              key={option}
              value={option}
              className="rounded-md px-2 py-1 text-xs font-medium text-slate-400 transition hover:text-slate-200 data-[state=active]:bg-white/15 data-[state=active]:text-white"
            >
              {CLIENT_LABELS[option]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <span className="flex-1" />
        <CopyButton
          text={snippet}
          what="configuration"
          className="text-slate-300 hover:bg-white/10 hover:text-white"
        />
      </div>
      <Tabs.Content value={kind} className="outline-none">
        <ScrollRegion label="Client configuration" className="max-h-56 overflow-auto">
          <pre className="p-3 font-mono text-[11px] leading-5 text-slate-100">{snippet}</pre>
        </ScrollRegion>
        <p className="border-t border-white/10 px-3 py-2 text-[11px] text-slate-400">
          {kind === 'cursor'
            ? 'Add to ~/.cursor/mcp.json.'
            : 'Add to claude_desktop_config.json (needs Node.js).'}
        </p>
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Whether a token is active, said in words (a token stops working when it is revoked or rotated). */
function TokenStatus({ active, revoked }: { active: boolean; revoked: boolean }) {
  return (
    <p role="status" className="text-xs text-slate-600">
      {active
        ? 'A token is active: clients that have it can use this server. Rotating replaces it; revoking ends it.'
        : `${revoked ? 'Token revoked. ' : ''}No token is active: external clients are refused.`}
    </p>
  );
}

/**
 * External access (POST /mcp-servers/{id}/external-token): the endpoint's full URL, and a token
 * shown once, with a ready-to-paste client configuration; 'Rotate' replaces the token, 'Revoke'
 * (DELETE, confirmed first) ends it. A team server's token also ends when its issuer may no longer
 * manage the team's servers.
 */
export function ExternalAccess({ server }: { server: ServerView }) {
  const apiBaseUrl = useApiBaseUrl();
  const [state, setState] = useState<TokenState>({ status: 'idle' });
  const [active, setActive] = useState(server.externalTokenActive === true);
  const issued = useRef<HTMLDivElement>(null);
  const token = state.status === 'issued' ? state.token : null;
  // The token shows once: bring it into view (the dialog may be scrolled to its form).
  useEffect(() => {
    if (token) issued.current?.scrollIntoView?.({ block: 'start' });
  }, [token]);
  const endpointUrl = server.endpoint && apiBaseUrl ? apiUrlOf(apiBaseUrl, server.endpoint) : server.endpoint;
  const busy = state.status === 'issuing' || state.status === 'revoking';

  const issue = async () => {
    setState({ status: 'issuing' });
    try {
      const { token, endpoint } = await issueExternalToken(server.id);
      setActive(true);
      setState({ status: 'issued', token, url: apiBaseUrl ? apiUrlOf(apiBaseUrl, endpoint) : endpoint });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) });
    }
  };

  const revoke = async () => {
    setState({ status: 'revoking' });
    try {
      await revokeExternalToken(server.id);
      setActive(false);
      setState({ status: 'revoked' });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) });
    }
  };

  return (
    <section aria-label="External access" className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">External access</h3>
        <p className="mt-0.5 text-xs text-slate-500">
          Use this server from Claude Desktop, Cursor or any MCP client. It answers while the server is
          enabled.
        </p>
      </div>
      {endpointUrl ? <CopyField label="Endpoint" value={endpointUrl} what="endpoint URL" /> : null}
      {state.status === 'issued' ? (
        <div ref={issued} className="space-y-3">
          <CopyField label="Token" value={state.token} what="token" />
          <p className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200">
            <TriangleAlertIcon className="mt-px size-3.5 shrink-0 text-amber-600" />
            Copy this token now: it is shown only once. Rotating replaces it.
          </p>
          <ClientSnippet name={server.name} url={state.url} token={state.token} />
        </div>
      ) : null}
      <TokenStatus active={active} revoked={state.status === 'revoked'} />
      {state.status === 'error' ? (
        <p role="alert" className="text-xs text-red-600">
          {state.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void issue()} disabled={busy}>
          <KeyRoundIcon className="size-4 text-slate-500" />
          {state.status === 'issuing' ? 'Generating…' : active ? 'Rotate token' : 'Generate token'}
        </Button>
        {active || state.status === 'revoking' ? (
          <ConfirmDialog
            trigger={
              <Button variant="danger" size="sm" disabled={busy}>
                <XCircleIcon className="size-4" />
                {state.status === 'revoking' ? 'Revoking…' : 'Revoke token'}
              </Button>
            }
            title="Revoke the external token?"
            description="Claude Desktop, Cursor and any other client using it are refused at once. You can generate a new token afterwards."
            confirmLabel="Revoke token"
            onConfirm={() => void revoke()}
          />
        ) : null}
      </div>
    </section>
  );
}
