import { TEAM_MESSAGES, type TeamRole } from '@agentforge/shared';

/**
 * The team role rules, pure: who may do what, and the invariants membership changes keep. Every
 * teams route (and the team scope of the MCP and API-key routes) asks these, with the membership
 * read from our own records, never from the client.
 */

/** What a member may do in a team. */
export type TeamAction =
  /** Read the team and its members. */
  | 'read'
  /** List, attach and use the team's MCP servers (start one on demand); chat with its keys. */
  | 'use'
  | 'leave'
  /** Invite, list, resend and revoke invitations. */
  | 'invite'
  | 'changeRole'
  | 'removeMember'
  /** Create, edit, enable, disable and delete the team's MCP servers. */
  | 'manageServers'
  /** Add, list (masked) and delete the team's provider keys. */
  | 'manageKeys'
  /** Create, edit, delete and import the team's saved prompts (members read and use them). */
  | 'managePrompts'
  /** Create, change, delete, run and approve the team's automations (members see them and their runs). */
  | 'manageAutomations'
  /** Create, change, upload to and delete the team's knowledge collections (members list, read and search them). */
  | 'manageKnowledge'
  /** Subscribe the team (the seats follow the members). */
  | 'manageBilling'
  /** See each member's usage and the team servers' compute. */
  | 'viewUsage'
  /** Read and export the team's audit log. */
  | 'viewAudit'
  /** Rename the team. */
  | 'rename'
  /** Allow members' memory in the team's space (docs/decisions/chat.md, "Memory"). */
  | 'manageMemory'
  /** Set up the team's single sign-on (its identity provider, its e-mail domains, require SSO). */
  | 'manageSso'
  | 'transferOwnership'
  /** Delete the team with its servers, keys and invitations (its subscription is cancelled). */
  | 'deleteTeam';

export interface Membership {
  role: TeamRole;
  isOwner: boolean;
}

const MEMBER_ACTIONS: ReadonlySet<TeamAction> = new Set(['read', 'use', 'leave']);
const OWNER_ACTIONS: ReadonlySet<TeamAction> = new Set(['transferOwnership', 'deleteTeam']);

export function can(member: Membership, action: TeamAction): boolean {
  if (MEMBER_ACTIONS.has(action)) return true;
  if (OWNER_ACTIONS.has(action)) return member.isOwner;
  return member.role === 'admin';
}

/** Why `action` is refused to a member (the 403's message), or undefined when it is allowed. */
export function refusal(member: Membership, action: TeamAction): string | undefined {
  if (can(member, action)) return undefined;
  if (action === 'deleteTeam') return TEAM_MESSAGES.ownerRequiredToDelete;
  return OWNER_ACTIONS.has(action) ? TEAM_MESSAGES.ownerRequired : TEAM_MESSAGES.adminRequired;
}

/** The team's counts the invariants need (from the team's record). */
export interface TeamCounts {
  ownerId: string;
  adminCount: number;
}

/**
 * Whether `target`'s role may become `role`: a team always keeps at least one Admin, and the owner
 * stays an Admin (ownership is transferred first). Undefined when allowed.
 */
export function roleChangeRefusal(
  team: TeamCounts,
  target: { userId: string; role: TeamRole },
  role: TeamRole,
): string | undefined {
  if (target.role === role) return undefined;
  if (role === 'user' && target.userId === team.ownerId) return TEAM_MESSAGES.ownerCannotLeave;
  if (role === 'user' && target.role === 'admin' && team.adminCount <= 1) return TEAM_MESSAGES.lastAdmin;
  return undefined;
}

/** Whether `target` may leave or be removed: never the owner, never the last Admin. */
export function departureRefusal(
  team: TeamCounts,
  target: { userId: string; role: TeamRole },
): string | undefined {
  if (target.userId === team.ownerId) return TEAM_MESSAGES.ownerCannotLeave;
  if (target.role === 'admin' && team.adminCount <= 1) return TEAM_MESSAGES.lastAdmin;
  return undefined;
}

/** The owner partition of a team's resources (MCP servers, provider keys, billing record, usage). */
export const TEAM_OWNER_PREFIX = 'team#';
export const teamOwnerId = (teamId: string) => `${TEAM_OWNER_PREFIX}${teamId}`;
