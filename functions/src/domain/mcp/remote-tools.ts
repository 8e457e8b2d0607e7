import { errorMessage, type ListedTool, SERVER_MESSAGES } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import { ConflictError, DomainError } from '../errors.js';
import type { RemoteMcpConnector } from './mcp-tool-source.js';

/** The remote server did not answer (or not as MCP): 502, with what went wrong. */
export class RemoteServerUnreachableError extends DomainError {
  readonly code = 'UPSTREAM_ERROR';
}

/** The chat's wording ("then send your message again") as the tool-approvals dialog says it. */
const DIALOG_WORDING: Readonly<Record<string, string>> = {
  [SERVER_MESSAGES.remoteNeedsAuthorization]: SERVER_MESSAGES.remoteToolsNeedAuthorization,
  [SERVER_MESSAGES.remoteNeedsReconnect]: SERVER_MESSAGES.remoteToolsNeedReconnect,
};

/**
 * A remote server's tools, listed the way the chat reaches it (`connect`: its headers, the
 * caller's own OAuth connection, the outbound guard), for the tool-approvals dialog. A server that
 * asks for authorization says so (409); one that cannot be reached, why (502).
 */
export async function listRemoteTools(
  connect: RemoteMcpConnector,
  caller: Caller,
  serverId: string,
): Promise<ListedTool[]> {
  try {
    const tools = await (await connect(caller, serverId)).listTools();
    return tools.map(({ name, description, annotations }) => ({
      name,
      ...(description ? { description } : {}),
      ...(annotations ? { annotations } : {}),
    }));
  } catch (error) {
    const dialogWording = error instanceof ConflictError ? DIALOG_WORDING[error.message] : undefined;
    if (dialogWording) throw new ConflictError(dialogWording);
    if (error instanceof DomainError) throw error;
    throw new RemoteServerUnreachableError(SERVER_MESSAGES.remoteToolsUnreachable(errorMessage(error)));
  }
}
