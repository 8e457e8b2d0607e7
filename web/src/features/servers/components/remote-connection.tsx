import { errorMessage } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { serverKeys } from '../api/queries';
import { disconnectServerOAuth, type ServerView, startServerOAuth } from '../api/servers';
import { MCP_OAUTH_MESSAGE } from '../utils/oauth-popup';

const STATE_TEXT = {
  not_connected: 'Not connected: this server asks you to authorize AgentForge.',
  connected: 'Connected with your account.',
  needs_reconnect: 'Your authorization has ended: reconnect to use its tools.',
} as const;

/**
 * A remote server's OAuth connection, the caller's own: Connect opens the authorization server's
 * page in a popup (a blocked popup: this tab goes there and comes back); the callback page tells
 * this one, which reads the state again. Reconnect after a refused refresh; Disconnect revokes.
 */
export function RemoteConnection({ server }: { server: ServerView }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const state = server.oauth;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== MCP_OAUTH_MESSAGE) return;
      setBusy(false);
      if (event.data.error) setFailure(String(event.data.error));
      void client.invalidateQueries({ queryKey: serverKeys.list() });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [client]);

  if (!state) return null;

  const connect = async () => {
    setFailure(null);
    setBusy(true);
    // Opened now, in the click: a popup opened after the request's await would be blocked.
    const popup = window.open('', 'agentforge-mcp-oauth', 'popup,width=520,height=720');
    try {
      const url = await startServerOAuth(server.id);
      if (popup) popup.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      popup?.close();
      setFailure(errorMessage(error) || 'The authorization could not start');
      setBusy(false);
    }
  };

  const disconnect = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await disconnectServerOAuth(server.id);
      await client.invalidateQueries({ queryKey: serverKeys.list() });
    } catch (error) {
      setFailure(errorMessage(error) || 'The server could not be disconnected');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 rounded-lg bg-slate-50 px-2.5 py-2 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <LinkIcon className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-xs text-slate-700">
          <span className="font-semibold">{state === 'connected' ? 'Connected' : 'OAuth'}</span>{' '}
          <span>{STATE_TEXT[state]}</span>
        </p>
        {state === 'connected' ? (
          <Button
            size="xs"
            disabled={busy}
            onClick={() => void disconnect()}
            aria-label={`Disconnect ${server.name}`}
          >
            Disconnect
          </Button>
        ) : (
          <Button
            size="xs"
            variant="primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void connect()}
            aria-label={`${state === 'needs_reconnect' ? 'Reconnect' : 'Connect'} ${server.name}`}
          >
            {state === 'needs_reconnect' ? 'Reconnect' : 'Connect'}
          </Button>
        )}
      </div>
      {failure ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
