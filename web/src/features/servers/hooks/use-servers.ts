import { isTransitionalServerStatus, type McpServerConfigInput, SERVER_MESSAGES } from '@agentforge/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createServer,
  deleteServer,
  disableServer,
  enableServer,
  listServers,
  type ServerView,
  updateServer,
} from '../api/servers';

/** How often the list is fetched while a server is provisioning, starting or disabling. */
export const SERVER_POLL_INTERVAL_MS = 1500;
/** How often the list is fetched while a server is enabled: the reaper may stop it for idleness. */
export const ENABLED_SERVER_POLL_INTERVAL_MS = 30_000;

export type ServerAction = 'enable' | 'disable' | 'delete';

/** A failed card action: what failed (the spec's text) and why (the API's message). */
export type ServerFailure = { title: string; detail: string };

export type ServersState = {
  status: 'loading' | 'ready' | 'error';
  servers: ServerView[];
  /** Why the first load failed. */
  error: string | null;
  /** The action running per server: its toggle, edit and delete wait meanwhile. */
  pending: Readonly<Record<string, ServerAction>>;
  failures: Readonly<Record<string, ServerFailure>>;
  /** Some server is provisioning, starting or disabling: the list is being polled quickly. */
  polling: boolean;
  reload: () => void;
  create: (body: McpServerConfigInput) => Promise<ServerView>;
  update: (id: string, body: McpServerConfigInput) => Promise<ServerView>;
  /** Enables a server that is not enabled, disables an enabled one. */
  toggle: (server: ServerView) => Promise<void>;
  remove: (id: string) => Promise<void>;
  dismissFailure: (id: string) => void;
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/**
 * The caller's MCP servers and what can be done with them (spec 4 "Server status"). The list is
 * fetched again every 1.5 s while any server is in a transitional status, else every 30 s while
 * any server is enabled (so one stopped for idleness soon shows so), and not otherwise (except
 * when the tab becomes visible again).
 */
export function useServers(): ServersState {
  const [status, setStatus] = useState<ServersState['status']>('loading');
  const [servers, setServers] = useState<ServerView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, ServerAction>>({});
  const [failures, setFailures] = useState<Record<string, ServerFailure>>({});
  // Bumped after every fetch (answered or not), so the next poll is scheduled after the last one.
  const [fetches, setFetches] = useState(0);
  // A list fetched before a change was made here may not show it yet: such answers are dropped.
  const changes = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const fetchList = useCallback(async () => {
    const asOf = changes.current;
    try {
      const list = await listServers();
      if (!mounted.current) return;
      if (asOf === changes.current) setServers(list);
      setStatus('ready');
      setError(null);
    } catch (failure) {
      if (!mounted.current) return;
      // A failed poll keeps the list shown; only a first load without a list is an error.
      setStatus((current) => (current === 'ready' ? current : 'error'));
      setError(reasonOf(failure));
    } finally {
      if (mounted.current) setFetches((n) => n + 1);
    }
  }, []);

  useEffect(() => {
    void fetchList();
  }, [fetchList]);

  // Back to the tab: a server may have been stopped meanwhile (idle timeout, another tab).
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && void fetchList();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [fetchList]);

  const polling = servers.some((server) => isTransitionalServerStatus(server.status));
  const watching = servers.some((server) => server.status === 'enabled');
  const pollEvery = polling ? SERVER_POLL_INTERVAL_MS : watching ? ENABLED_SERVER_POLL_INTERVAL_MS : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answered fetch schedules the next poll.
  useEffect(() => {
    if (pollEvery === null) return;
    const timer = setTimeout(() => void fetchList(), pollEvery);
    return () => clearTimeout(timer);
  }, [pollEvery, fetchList, fetches]);

  const put = useCallback((view: ServerView) => {
    changes.current += 1;
    setServers((list) =>
      list.some((s) => s.id === view.id) ? list.map((s) => (s.id === view.id ? view : s)) : [...list, view],
    );
  }, []);

  const reload = useCallback(() => {
    if (status === 'error') setStatus('loading');
    void fetchList();
  }, [fetchList, status]);

  const create = useCallback(
    async (body: McpServerConfigInput) => {
      const view = await createServer(body);
      put(view);
      return view;
    },
    [put],
  );

  const update = useCallback(
    async (id: string, body: McpServerConfigInput) => {
      const view = await updateServer(id, body);
      put(view);
      return view;
    },
    [put],
  );

  const run = useCallback(
    async (id: string, action: ServerAction, call: () => Promise<void>, failureTitle: string) => {
      setPending((p) => ({ ...p, [id]: action }));
      setFailures((f) => without(f, id));
      try {
        await call();
      } catch (failure) {
        if (mounted.current)
          setFailures((f) => ({ ...f, [id]: { title: failureTitle, detail: reasonOf(failure) } }));
        // The status may have moved on meanwhile (another tab, the reaper): show the current one.
        void fetchList();
      } finally {
        if (mounted.current) setPending((p) => without(p, id));
      }
    },
    [fetchList],
  );

  const toggle = useCallback(
    (server: ServerView) =>
      server.status === 'enabled'
        ? run(
            server.id,
            'disable',
            async () => put(await disableServer(server.id)),
            SERVER_MESSAGES.updateFailed,
          )
        : run(
            server.id,
            'enable',
            async () => put(await enableServer(server.id)),
            SERVER_MESSAGES.initializeFailed,
          ),
    [put, run],
  );

  const remove = useCallback(
    (id: string) =>
      run(
        id,
        'delete',
        async () => {
          await deleteServer(id);
          changes.current += 1;
          setServers((list) => list.filter((s) => s.id !== id));
        },
        'Failed to delete server',
      ),
    [run],
  );

  const dismissFailure = useCallback((id: string) => setFailures((f) => without(f, id)), []);

  return useMemo(
    () => ({
      status,
      servers,
      error,
      pending,
      failures,
      polling,
      reload,
      create,
      update,
      toggle,
      remove,
      dismissFailure,
    }),
    [
      status,
      servers,
      error,
      pending,
      failures,
      polling,
      reload,
      create,
      update,
      toggle,
      remove,
      dismissFailure,
    ],
  );
}
