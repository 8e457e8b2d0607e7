import { IDLE_STOPPED_HINT, serverDisplayText } from '@agentforge/shared';
import type { ServerView } from '../api/servers';

type StatusFields = Pick<ServerView, 'status' | 'healthStatus' | 'displayStatus' | 'stoppedBy'>;

/** The card's status text: the API's displayStatus, else the same rule computed here (spec 4). */
export const pillTextOf = (server: StatusFields) =>
  server.displayStatus || serverDisplayText(server.status, server.healthStatus, server.stoppedBy);

/** What a status means when it is not plain: one stopped for idleness starts when used. */
export const hintOf = (server: Pick<ServerView, 'status' | 'stoppedBy'>) =>
  server.status === 'disabled' && server.stoppedBy === 'idle' ? IDLE_STOPPED_HINT : null;

/** The status as one line of text (lists, the dashboard): 'Stopped (idle), starts when used'. */
export function statusTextOf(server: StatusFields): string {
  const hint = hintOf(server);
  return hint ? `${pillTextOf(server)}, ${hint}` : pillTextOf(server);
}

/** A server is usable by the chat right now: enabled and reported running. */
export const isServerActive = (server: Pick<ServerView, 'status' | 'healthStatus'>) =>
  server.status === 'enabled' && server.healthStatus === 'running';

/** What the chat's picker says of a server: running, stopped (idle), remote, or that it needs attention. */
export function pickerStateOf(server: ServerView): string {
  if (server.kind === 'remote') return 'Remote';
  if (server.status === 'error' || (server.status === 'enabled' && server.healthStatus === 'error')) {
    return 'Needs attention';
  }
  return statusTextOf(server);
}
