import { MAX_CHAT_SERVERS } from '@agentforge/shared';
import { useQuery } from '@tanstack/react-query';
import { listServerTools } from '../../servers/api/server-features';
import { listServers, type ServerView } from '../../servers/api/servers';
import { statusTextOf } from '../../servers/utils/server-status-text';
import { namespacedTool } from '../utils/automation-text';

const LEGEND = 'text-sm font-medium text-slate-700';
const ROW = 'flex items-center gap-2 text-sm text-slate-800';

/** Whether the app can list a server's tools now: a remote one, or a hosted one running. */
const listable = (server: ServerView) => server.kind === 'remote' || server.status === 'enabled';

const toolsQuery = (server: ServerView) => ({
  queryKey: ['automations', 'tools', server.id],
  queryFn: () => listServerTools(server),
  enabled: listable(server),
  retry: false,
});

/** One chosen server's tools, each a checkbox; or why they cannot be listed now. */
function ServerTools({
  server,
  approvedTools,
  onToggle,
}: {
  server: ServerView;
  approvedTools: string[];
  onToggle: (name: string) => void;
}) {
  const tools = useQuery(toolsQuery(server));
  if (!listable(server) || tools.isError) {
    return (
      <p className="text-sm text-slate-600">
        {`${server.name}'s tools cannot be listed now${listable(server) ? '' : ': enable the server to list them'}.`}
      </p>
    );
  }
  return (tools.data ?? []).map((tool) => {
    const name = namespacedTool(server.name, tool.name);
    return (
      <label key={name} className={ROW}>
        <input type="checkbox" checked={approvedTools.includes(name)} onChange={() => onToggle(name)} />
        <span className="font-mono text-xs">{name}</span>
      </label>
    );
  });
}

type ServerToolsFieldsProps = {
  serverIds: string[];
  approvedTools: string[];
  onChange: (next: { serverIds: string[]; approvedTools: string[] }) => void;
  error?: string | undefined;
};

/** The space's servers the runs use (as many as a chat), and their tools allowed without asking. */
export function ServerToolsFields({ serverIds, approvedTools, onChange, error }: ServerToolsFieldsProps) {
  // Not the Servers view's polled query (its module is /home's): the form reads the list once.
  const servers = useQuery({
    queryKey: ['automations', 'servers'],
    queryFn: ({ signal }) => listServers(signal),
  });
  const chosen = (servers.data ?? []).filter((server) => serverIds.includes(server.id));
  const full = serverIds.length >= MAX_CHAT_SERVERS;
  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

  return (
    <>
      <fieldset className="space-y-1.5">
        <legend className={LEGEND}>Servers</legend>
        {servers.isSuccess && servers.data.length === 0 ? (
          <p className="text-sm text-slate-500">
            No servers in this space yet: the runs use the model alone.
          </p>
        ) : null}
        {(servers.data ?? []).map((server) => (
          <label key={server.id} className={ROW}>
            <input
              type="checkbox"
              checked={serverIds.includes(server.id)}
              disabled={!serverIds.includes(server.id) && full}
              onChange={() => onChange({ serverIds: toggle(serverIds, server.id), approvedTools })}
            />
            <span className="font-medium">{server.name}</span>
            <span className="text-xs text-slate-600">
              {server.kind === 'remote' ? 'Remote' : statusTextOf(server)}
            </span>
          </label>
        ))}
        {full ? <p className="text-xs text-slate-600">{`At most ${MAX_CHAT_SERVERS} servers`}</p> : null}
        {error ? <p className="text-sm text-red-600">{error}</p> : null}
      </fieldset>
      {chosen.length ? (
        <fieldset className="space-y-1.5">
          <legend className={LEGEND}>Tools allowed without asking</legend>
          <p className="text-xs text-slate-600">
            A run pauses for your approval before calling any other tool that is not read-only.
          </p>
          {chosen.map((server) => (
            <ServerTools
              key={server.id}
              server={server}
              approvedTools={approvedTools}
              onToggle={(name) => onChange({ serverIds, approvedTools: toggle(approvedTools, name) })}
            />
          ))}
          {approvedTools
            .filter((name) => !chosen.some((server) => name.startsWith(namespacedTool(server.name, ''))))
            .map((name) => (
              <label key={name} className={ROW}>
                <input
                  type="checkbox"
                  checked
                  onChange={() => onChange({ serverIds, approvedTools: toggle(approvedTools, name) })}
                />
                <span className="font-mono text-xs">{name}</span>
              </label>
            ))}
        </fieldset>
      ) : null}
    </>
  );
}
