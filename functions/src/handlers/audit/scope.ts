import { userScope } from '../../domain/audit/audit.js';
import type { Caller } from '../../domain/caller.js';

/**
 * Whose log a request reads: the caller's own, always (the scope comes from the verified caller,
 * never from the request). The teams work adds `?teamId=` to the query schemas and answers
 * `team#<teamId>` here for a team's Admin (403 for a User, 404 for another team).
 */
export const readableScope = (caller: Caller): string => userScope(caller.userId);
