import { isTransitionalServerStatus } from '@agentforge/shared';
import { queryOptions } from '@tanstack/react-query';
import { fetchUsage, listServers, type ServerView } from './servers';

/** How often the list is fetched while a server is provisioning, starting or disabling. */
export const SERVER_POLL_INTERVAL_MS = 1500;
/** How often the list is fetched while a server is enabled: the reaper may stop it for idleness. */
export const ENABLED_SERVER_POLL_INTERVAL_MS = 30_000;

export const serverKeys = {
  all: ['servers'] as const,
  list: () => [...serverKeys.all, 'list'] as const,
  usage: () => ['usage'] as const,
};

/** Some server is provisioning, starting or disabling. */
export const isTransitional = (servers: readonly ServerView[] | undefined) =>
  (servers ?? []).some((server) => isTransitionalServerStatus(server.status));

/**
 * Spec 4 "Server status": every 1.5 s while any server is transitional, else every 30 s while any
 * is enabled (so one stopped for idleness soon shows so), else not at all (the window regaining
 * focus still fetches it again).
 */
export function serversPollInterval(servers: readonly ServerView[] | undefined): number | false {
  if (isTransitional(servers)) return SERVER_POLL_INTERVAL_MS;
  if ((servers ?? []).some((server) => server.status === 'enabled')) return ENABLED_SERVER_POLL_INTERVAL_MS;
  return false;
}

/** GET /mcp-servers, polled by the rule above. */
export const serversQuery = () =>
  queryOptions({
    queryKey: serverKeys.list(),
    queryFn: ({ signal }) => listServers(signal),
    refetchInterval: (query) => serversPollInterval(query.state.data),
  });

/** GET /mcp/usage: this month's server compute. */
export const usageQuery = () =>
  queryOptions({ queryKey: serverKeys.usage(), queryFn: ({ signal }) => fetchUsage(signal) });
