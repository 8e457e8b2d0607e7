import * as z from 'zod';
import { mcpServerService } from '../../composition/mcp.js';
import { teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { NotFoundError } from '../../domain/errors.js';

export const serverParams = z.object({ id: z.string().min(1).max(64) });

/** Whether `ownerId` (a user, or a team as `team#<teamId>`) has the server: the team scope's probe. */
export const ownsServer =
  (caller: Caller, serverId: string) =>
  (ownerId: string): Promise<boolean> =>
    mcpServerService()
      .owned({ ...caller, userId: ownerId }, serverId)
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof NotFoundError) return false;
          throw error;
        },
      );

/**
 * Who issues or revokes a server's external token: its owner, or, for a team's server, the team
 * (as its actor) when the caller's role may manage the team's servers.
 */
export const externalTokenOwner = (caller: Caller, serverId: string): Promise<Caller> =>
  teamScope().resolve(caller, 'manageServers', ownsServer(caller, serverId));
