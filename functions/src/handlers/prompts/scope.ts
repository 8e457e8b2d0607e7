import { type AuditDetails, type Prompt, TEAM_MESSAGES } from '@agentforge/shared';
import * as z from 'zod';
import { teamRoles, teamScope } from '../../composition/team-scope.js';
import type { Caller } from '../../domain/caller.js';
import { NotFoundError } from '../../domain/errors.js';
import type { StoredPrompt } from '../../domain/prompts/prompt.js';
import { can } from '../../domain/teams/roles.js';

export const promptParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Whose prompts a route acts on: the caller's own, or with `teamId` the team's (members read and
 * use them: 'use'; Admins create, edit, delete and import: 'managePrompts'). Answers the owner id.
 */
export async function promptOwner(
  caller: Caller,
  teamId: string | undefined,
  action: 'use' | 'managePrompts',
): Promise<string> {
  return (await teamScope().actor(caller, teamId, action)).userId;
}

/**
 * A change to a library (create, edit, delete, import) by its owner: the caller, or a team's
 * Admin. Handlers audit it (`audited`) in the caller's log and, with `team`, for a team's library
 * in the team's, where its Admins read it with the team's other changes (a refused attempt goes to
 * the caller's log only: `team` answers only once the role check passed).
 */
export function promptChange(caller: Caller, teamId: string | undefined) {
  let teamOwned = false;
  return {
    owner: async (): Promise<string> => {
      const owner = await promptOwner(caller, teamId, 'managePrompts');
      teamOwned = owner !== caller.userId;
      return owner;
    },
    team: (): string | undefined => (teamOwned ? teamId : undefined),
  };
}

/** An audit record's team, when the change is to a team's library. */
export const teamDetail = (teamId: string | undefined): AuditDetails => (teamId ? { teamId } : {});

/** Whether the caller may edit the team's prompts (an Admin); 404 for a non-member. */
export async function mayManageTeamPrompts(caller: Caller, teamId: string): Promise<boolean> {
  const role = await teamRoles().roleIn(teamId, caller.userId);
  if (!role) throw new NotFoundError(TEAM_MESSAGES.notFound);
  return can({ role, isOwner: false }, 'managePrompts');
}

export function promptView(
  prompt: StoredPrompt,
  owner: { teamId?: string | undefined; editable: boolean },
): Prompt {
  return {
    id: prompt.promptId,
    title: prompt.title,
    body: prompt.body,
    ...(prompt.description ? { description: prompt.description } : {}),
    tags: prompt.tags ?? [],
    ...(owner.teamId ? { teamId: owner.teamId } : {}),
    editable: owner.editable,
    createdAt: prompt.createdAt,
    updatedAt: prompt.updatedAt,
  };
}
