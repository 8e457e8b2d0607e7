import { CHAT_SERVER_MESSAGES, errorMessage } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { NotFoundError } from '../errors.js';
import type { ToolSet, ToolSource } from './ports.js';
import { combineToolSets, serverNameOf } from './tool-sets.js';

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
  const sets: ToolSet[] = [];
  const failures: { serverId: string; error: unknown }[] = [];
  const kept = serverIds.filter((serverId, index) => {
    const outcome = settled[index] as PromiseSettledResult<ToolSet>;
    if (outcome.status === 'fulfilled') sets.push(outcome.value);
    else if (outcome.reason instanceof NotFoundError && options.forgetMissing) return false;
    else failures.push({ serverId, error: outcome.reason });
    return true;
  });
  const [failed] = failures;
  if (failed && sets.length === 0) throw failed.error;
  const unavailable = failures
    .map(({ serverId, error }) =>
      CHAT_SERVER_MESSAGES.unavailable(serverNameOf(error) ?? serverId, errorMessage(error)),
    )
    .join('\n');
  const set = combineToolSets(sets);
  return { ...(set ? { set } : {}), serverIds: kept, ...(unavailable ? { unavailable } : {}) };
}
