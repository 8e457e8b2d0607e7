import {
  GITHUB_ERROR_REDIRECT_MS,
  GITHUB_MESSAGES,
  GITHUB_SUCCESS_REDIRECT_MS,
  githubCallbackQuerySchema,
} from '@agentforge/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast/toaster-store';
import { useGithubMutations } from '../../features/github/api/queries';
import { checkCallback, errorTarget, successTarget } from '../../features/github/utils/callback-check';
import { takePendingLink } from '../../features/github/utils/oauth-state';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'GitHub' };

type Outcome = { kind: 'success' | 'error'; message: string; redirectTo: string };

/**
 * /github/callback: GitHub's return. Reads code, state, error and error_description; checks them
 * against the state kept in session storage (removed once read); exchanges the code; then a toast
 * and a redirect after 1.5 s (success) or 4 s (error), to the server page it started from or home.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { exchange } = useGithubMutations();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice; the stored state is gone after the first).
    if (started.current) return;
    started.current = true;
    const query = githubCallbackQuerySchema.parse(Object.fromEntries(searchParams));
    const { storedState, targetAppId } = takePendingLink();
    const fail = (message: string) => {
      toast({ variant: 'destructive', title: GITHUB_MESSAGES.connectionFailedTitle, description: message });
      setOutcome({ kind: 'error', message, redirectTo: errorTarget(targetAppId) });
    };
    const check = checkCallback(query, storedState);
    if (!check.ok) {
      fail(check.message);
      return;
    }
    exchange.mutate(
      { code: check.code, state: check.state, targetAppId },
      {
        onSuccess: ({ username }) => {
          const message = GITHUB_MESSAGES.connectedAs(username);
          toast({ title: GITHUB_MESSAGES.connectedTitle, description: message });
          setOutcome({ kind: 'success', message, redirectTo: successTarget(targetAppId) });
        },
        onError: (error) => fail(error.message),
      },
    );
  }, [searchParams, exchange]);

  useEffect(() => {
    if (!outcome) return;
    const delay = outcome.kind === 'success' ? GITHUB_SUCCESS_REDIRECT_MS : GITHUB_ERROR_REDIRECT_MS;
    const timer = setTimeout(() => void navigate(outcome.redirectTo, { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">GitHub Authorization</h1>
        <div className="mt-4" aria-live="polite">
          {outcome ? (
            <p className={outcome.kind === 'error' ? 'text-red-700' : 'text-emerald-800'}>
              {outcome.message} Redirecting...
            </p>
          ) : (
            <Spinner label={GITHUB_MESSAGES.connecting} />
          )}
        </div>
      </section>
    </main>
  );
}
