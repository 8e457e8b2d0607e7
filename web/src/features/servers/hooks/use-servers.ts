import { type McpServerConfigInput, SERVER_BAR_MESSAGES } from '@agentforge/shared';
import {
  type Mutation,
  type QueryClient,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { isPlanLimitError, toastPlanLimit } from '../../billing/utils/plan-limit';
import { isTransitional, serverKeys, serversQuery } from '../api/queries';
import {
  createServer,
  deleteServer,
  disableServer,
  enableServer,
  type ServerView,
  updateServer,
} from '../api/servers';

export { ENABLED_SERVER_POLL_INTERVAL_MS, SERVER_POLL_INTERVAL_MS } from '../api/queries';

export type ServerAction = 'enable' | 'disable' | 'delete';

/** A failed card action: what failed (the spec's text) and why (the API's message). */
/** `planLimit`: refused by a plan limit (e.g. concurrent servers), so 'Upgrade Plan' is offered. */
export type ServerFailure = { title: string; detail: string; planLimit?: boolean };

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

type ActionVariables = { id: string; action: ServerAction };

const ACTION_KEY = [...serverKeys.all, 'action'] as const;
const FAILURE_TITLES: Record<ServerAction, string> = {
  enable: SERVER_BAR_MESSAGES.initializeFailed,
  disable: SERVER_BAR_MESSAGES.updateFailed,
  delete: 'Failed to delete server',
};
const NONE: ServerView[] = [];

/** Writes a server's new state into the list; a list fetched before the change is dropped. */
async function put(client: QueryClient, id: string, view: ServerView | null): Promise<void> {
  await client.cancelQueries({ queryKey: serverKeys.list() });
  client.setQueryData<ServerView[]>(serverKeys.list(), (list = []) => {
    if (view === null) return list.filter((s) => s.id !== id);
    return list.some((s) => s.id === id) ? list.map((s) => (s.id === id ? view : s)) : [...list, view];
  });
}

async function runAction({ id, action }: ActionVariables): Promise<ServerView | null> {
  if (action === 'delete') {
    await deleteServer(id);
    return null;
  }
  return action === 'enable' ? enableServer(id) : disableServer(id);
}

type ActionState = ActionVariables & { status: string; error: string | null; planLimit: boolean };

/** A card action as plain data (mutations themselves are mutable and would not re-render). */
function actionState(mutation: Mutation<unknown, Error, ActionVariables>): ActionState | null {
  const { variables, status, error } = mutation.state;
  return variables
    ? { ...variables, status, error: error ? error.message : null, planLimit: isPlanLimitError(error) }
    : null;
}

/**
 * The caller's MCP servers and what can be done with them (spec 4 "Server status"), polled by
 * `serversQuery`'s rule. Card actions are mutations keyed by server: their pending and failed
 * states are read from the mutation cache, so any component sees them.
 */
export function useServers(): ServersState {
  const client = useQueryClient();
  const list = useQuery(serversQuery());
  const servers = list.data ?? NONE;

  const actions = useMutationState({
    filters: { mutationKey: ACTION_KEY },
    select: (mutation) => actionState(mutation as Mutation<unknown, Error, ActionVariables>),
  });
  // Each server's latest action counts (the cache keeps them in the order they began).
  const { pending, failures } = useMemo(() => {
    const pending: Record<string, ServerAction> = {};
    const failures: Record<string, ServerFailure> = {};
    for (const action of actions) {
      if (!action) continue;
      delete pending[action.id];
      delete failures[action.id];
      if (action.status === 'pending') pending[action.id] = action.action;
      if (action.status === 'error') {
        failures[action.id] = {
          title: FAILURE_TITLES[action.action],
          detail: action.error ?? '',
          ...(action.planLimit ? { planLimit: true } : {}),
        };
      }
    }
    return { pending, failures };
  }, [actions]);

  const { mutateAsync: act } = useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: runAction,
    onSuccess: (view, { id }) => put(client, id, view),
    // The status may have moved on meanwhile (another tab, the reaper): show the current one. A
    // plan-limit refusal is also toasted: the card's message may be out of view.
    onError: (error, { action }) => {
      toastPlanLimit(FAILURE_TITLES[action], error);
      return client.invalidateQueries({ queryKey: serverKeys.list() });
    },
  });
  const { mutateAsync: save } = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: McpServerConfigInput }) =>
      id === null ? createServer(body) : updateServer(id, body),
    onSuccess: (view) => put(client, view.id, view),
  });

  const { refetch } = list;
  const reload = useCallback(() => void refetch(), [refetch]);
  const create = useCallback((body: McpServerConfigInput) => save({ id: null, body }), [save]);
  const update = useCallback((id: string, body: McpServerConfigInput) => save({ id, body }), [save]);
  const perform = useCallback(
    (variables: ActionVariables) =>
      act(variables).then(
        () => undefined,
        () => undefined, // shown through `failures`
      ),
    [act],
  );
  const toggle = useCallback(
    (server: ServerView) =>
      perform({ id: server.id, action: server.status === 'enabled' ? 'disable' : 'enable' }),
    [perform],
  );
  const remove = useCallback((id: string) => perform({ id, action: 'delete' }), [perform]);
  const dismissFailure = useCallback(
    (id: string) => {
      const cache = client.getMutationCache();
      for (const mutation of cache.findAll({ mutationKey: ACTION_KEY })) {
        if ((mutation.state.variables as ActionVariables | undefined)?.id === id) cache.remove(mutation);
      }
    },
    [client],
  );

  const status = list.data !== undefined ? 'ready' : list.isError && !list.isFetching ? 'error' : 'loading';
  const error = list.error ? list.error.message : null;
  const polling = isTransitional(servers);
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
