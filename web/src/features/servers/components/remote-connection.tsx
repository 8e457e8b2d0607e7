import { errorMessage, OAUTH_CLIENT_REQUIRED_ERROR_CODE } from '@agentforge/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { serverKeys } from '../api/queries';
import { disconnectServerOAuth, startServerOAuth } from '../api/server-features';
import type { ServerView } from '../api/servers';
import { MCP_OAUTH_MESSAGE, openAuthorization } from '../utils/oauth-popup';
import { OAuthClientDialog } from './oauth-client-dialog';

const STATE_TEXT = {
  not_connected: 'Not connected: this server asks you to authorize AgentForge.',
  connected: 'Connected with your account.',
  needs_reconnect: 'Your authorization has ended: reconnect to use its tools.',
} as const;

/** The API's answer when the authorization server registers no clients itself. */
const needsOwnClient = (error: unknown) =>
  error instanceof ApiError &&
  (error.data as { code?: unknown } | null)?.code === OAUTH_CLIENT_REQUIRED_ERROR_CODE;

/**
 * A remote server's OAuth connection, the caller's own: Connect opens the authorization server's
 * page in a popup (a blocked popup: this tab goes there and comes back); the callback page tells
 * this one, which reads the state again. Where the authorization server registers no clients
 * itself (or by choice), the user's own client ID. Reconnect after a refused refresh; Disconnect
 * revokes. The text takes the block's width and the buttons wrap under it (a phone's card).
 */
export function RemoteConnection({ server }: { server: ServerView }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The own-client form: open, with the API's reason when it asked for it. */
  const [ownClient, setOwnClient] = useState<{ reason?: string } | null>(null);
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
    try {
      await openAuthorization(() => startServerOAuth(server.id));
    } catch (error) {
      if (needsOwnClient(error)) setOwnClient({ reason: errorMessage(error) });
      else setFailure(errorMessage(error) || 'The authorization could not start');
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

  const action = state === 'needs_reconnect' ? 'Reconnect' : 'Connect';
  return (
    <div className="mt-3 rounded-lg bg-slate-50 px-2.5 py-2 ring-1 ring-slate-200">
      <div className="flex min-w-0 items-start gap-2">
        <LinkIcon className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-xs break-words text-slate-700">
          <span className="font-semibold">{state === 'connected' ? 'Connected' : 'OAuth'}</span>{' '}
          <span>{STATE_TEXT[state]}</span>
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
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
          <>
            <Button
              size="xs"
              variant="primary"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void connect()}
              aria-label={`${action} ${server.name}`}
            >
              {action}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              disabled={busy}
              onClick={() => setOwnClient({})}
              aria-label={`Use your own client ID for ${server.name}`}
            >
              Use your own client ID
            </Button>
          </>
        )}
      </div>
      {failure ? (
        <p role="alert" className="mt-1 text-xs break-words text-red-700">
          {failure}
        </p>
      ) : null}
      {ownClient ? (
        <OAuthClientDialog
          server={server}
          reason={ownClient.reason}
          onStarted={() => setOwnClient(null)}
          onClose={() => setOwnClient(null)}
        />
      ) : null}
    </div>
  );
}
