import { CHAT_SERVER_MESSAGES, errorMessage } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { NotFoundError } from '../errors.js';
import type { ToolSet, ToolSource } from './ports.js';
import { combineToolSets, serverNameOf, type UnusableServer } from './tool-sets.js';

export interface ServerTools {
  /** The usable servers' tools as one set (none usable: undefined). */
  set?: ToolSet;
  /** The servers to keep attached: those deleted since left out when `forgetMissing`. */
  serverIds: string[];
  /** One line per server that could not be used, for the reply to say first. */
  unavailable?: string;
}

/**
 * The tools of several servers, each started on demand at the same time (docs/decisions/
 * mcp-servers.md, "Several servers in one chat"). A server that cannot be used leaves the others'
 * tools; when none can, the first failure is thrown, as with one server. `forgetMissing`: a
 * server deleted since is dropped (the conversation's own list), else its failure counts.
 */
export async function openServerTools(
  tools: ToolSource,
  caller: Caller,
  serverIds: string[],
  options: { forgetMissing: boolean; onStatus: (status: string, serverName?: string) => void },
): Promise<ServerTools> {
  const settled = await Promise.allSettled(
    serverIds.map((serverId) => tools.forServer(caller, serverId, options.onStatus)),
  );
  const servers: (ToolSet | UnusableServer)[] = [];
  const failures: { serverId: string; error: unknown }[] = [];
  const kept = serverIds.filter((serverId, index) => {
    const outcome = settled[index] as PromiseSettledResult<ToolSet>;
    if (outcome.status === 'fulfilled') servers.push(outcome.value);
    else if (outcome.reason instanceof NotFoundError && options.forgetMissing) return false;
    else {
      failures.push({ serverId, error: outcome.reason });
      const serverName = serverNameOf(outcome.reason);
      servers.push({ serverId, ...(serverName ? { serverName } : {}) });
    }
    return true;
  });
  const [failed] = failures;
  if (failed && failures.length === servers.length) throw failed.error;
  const unavailable = failures
    .map(({ serverId, error }) =>
      CHAT_SERVER_MESSAGES.unavailable(serverNameOf(error) ?? serverId, errorMessage(error)),
    )
    .join('\n');
  // The servers that failed still namespace the others' tools: names stay those of all the servers asked for.
  const set = combineToolSets(servers);
  return { ...(set ? { set } : {}), serverIds: kept, ...(unavailable ? { unavailable } : {}) };
}
