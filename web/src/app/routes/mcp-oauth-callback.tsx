import { errorMessage } from '@agentforge/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast/toaster-store';
import { completeServerOAuth } from '../../features/servers/api/servers';
import { reportToOpener } from '../../features/servers/utils/oauth-popup';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Server authorization' };

const DENIED = 'The authorization was not given. Choose Connect on the server card to try again.';
const BACK_TO = '/home';

/**
 * /oauth/mcp-callback: a remote MCP server's authorization server sends the browser back here with
 * a code and state (or an error). The code is handed to the API (which checks the state was issued
 * to this user), then the popup tells its opener and closes, or this tab goes back to Servers.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    const finish = (outcome: { serverId?: string; error?: string }) => {
      if (reportToOpener(outcome)) return;
      if (outcome.error)
        toast({ variant: 'destructive', title: 'Not connected', description: outcome.error });
      else toast({ title: 'Connected', description: 'The remote server is connected with your account.' });
      setMessage(outcome.error ?? 'Connected.');
      void navigate(BACK_TO, { replace: true });
    };
    if (!code || !state) {
      finish({ error: DENIED });
      return;
    }
    completeServerOAuth({ code, state }).then(
      ({ serverId }) => finish({ serverId }),
      (error: unknown) => finish({ error: errorMessage(error) || DENIED }),
    );
  }, [searchParams, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">Server authorization</h1>
        <div className="mt-4" aria-live="polite">
          {message ? <p className="text-slate-700">{message}</p> : <Spinner label="Connecting the server…" />}
        </div>
      </section>
    </main>
  );
}
