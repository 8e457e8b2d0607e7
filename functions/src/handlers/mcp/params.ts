import * as z from 'zod';
import { mcpServerService } from '../../composition/mcp.js';
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
