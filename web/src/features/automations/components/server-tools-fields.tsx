import { MAX_CHAT_SERVERS } from '@agentforge/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { serversQuery } from '../../servers/api/queries';
import { listServerTools, type ServerView } from '../../servers/api/servers';
import { pickerStateOf } from '../../servers/components/chat-servers-menu';
import { namespacedTool } from '../utils/automation-text';

const LEGEND = 'text-sm font-medium text-slate-700';
const ROW = 'flex items-center gap-2 text-sm text-slate-800';

/** Whether the app can list a server's tools now: a remote one, or a hosted one running. */
const listable = (server: ServerView) => server.kind === 'remote' || server.status === 'enabled';

type ServerToolsFieldsProps = {
  serverIds: string[];
  approvedTools: string[];
  onChange: (next: { serverIds: string[]; approvedTools: string[] }) => void;
  error?: string | undefined;
};

/** The space's servers the runs use (as many as a chat), and their tools allowed without asking. */
export function ServerToolsFields({ serverIds, approvedTools, onChange, error }: ServerToolsFieldsProps) {
  const servers = useQuery(serversQuery());
  const chosen = (servers.data ?? []).filter((server) => serverIds.includes(server.id));
  const tools = useQueries({
    queries: chosen.map((server) => ({
      queryKey: ['automations', 'tools', server.id],
      queryFn: () => listServerTools(server),
      enabled: listable(server),
      retry: false,
    })),
  });
  const full = serverIds.length >= MAX_CHAT_SERVERS;
  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
  const listed = new Set(
    chosen.flatMap((server, index) =>
      (tools[index]?.data ?? []).map((tool) => namespacedTool(server.name, tool.name)),
    ),
  );

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
            <span className="text-xs text-slate-600">{pickerStateOf(server)}</span>
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
          {chosen.map((server, index) => {
            const query = tools[index];
            if (!listable(server) || query?.isError) {
              return (
                <p key={server.id} className="text-sm text-slate-600">
                  {`${server.name}'s tools cannot be listed now${listable(server) ? '' : ': enable the server to list them'}.`}
                </p>
              );
            }
            return (query?.data ?? []).map((tool) => {
              const name = namespacedTool(server.name, tool.name);
              return (
                <label key={name} className={ROW}>
                  <input
                    type="checkbox"
                    checked={approvedTools.includes(name)}
                    onChange={() => onChange({ serverIds, approvedTools: toggle(approvedTools, name) })}
                  />
                  <span className="font-mono text-xs">{name}</span>
                </label>
              );
            });
          })}
          {approvedTools
            .filter((name) => !listed.has(name))
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
