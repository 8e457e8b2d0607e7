import * as z from 'zod/mini';
import { SUBSCRIPTION_TIERS } from '../constants/plans';
import { SUBSCRIPTION_STATUSES } from './billing';

/** A member's role in a team: Admins run the team, Users use its shared servers and keys. */
export const TEAM_ROLES = ['admin', 'user'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** An invitation is valid for seven days; resending issues a new code and a new week. */
export const TEAM_INVITATION_TTL_DAYS = 7;

const id = z.string().check(z.minLength(1), z.maxLength(128));
const trimmedName = z
  .string()
  .check(z.trim(), z.minLength(1, 'Team name is required'), z.maxLength(80, 'Team name is too long'));

/** POST /teams */
export const createTeamBodySchema = z.object({ name: trimmedName });
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;

/** PATCH /teams/{teamId} (Admins): the team's new name, by the same rules as a new team's. */
export const renameTeamBodySchema = z.object({ name: trimmedName });
export type RenameTeamBody = z.infer<typeof renameTeamBodySchema>;

/** A team as one of its members sees it (GET /teams lists the caller's, with their role). */
export const teamSummarySchema = z.object({
  teamId: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLES),
  isOwner: z.boolean(),
  memberCount: z.number().check(z.int(), z.nonnegative()),
  createdAt: z.iso.datetime(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const listTeamsResponseSchema = z.object({ teams: z.array(teamSummarySchema) });
export type ListTeamsResponse = z.infer<typeof listTeamsResponseSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  isOwner: z.boolean(),
  joinedAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The team's subscription (its own billing record): Free until an Admin subscribes it to Teams. */
export const teamPlanSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The seats Stripe bills (one per member once subscribed). */
  seats: z.number().check(z.int(), z.nonnegative()),
  cancelAtPeriodEnd: z.boolean(),
});
export type TeamPlan = z.infer<typeof teamPlanSchema>;

/** GET /teams/{teamId}: the team, its plan and its members (any member may read it). */
export const teamDetailSchema = z.object({
  team: teamSummarySchema,
  plan: teamPlanSchema,
  members: z.array(teamMemberSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const teamParamsSchema = z.object({ teamId: id });
export const teamMemberParamsSchema = z.object({ teamId: id, userId: id });
export const teamInvitationParamsSchema = z.object({ teamId: id, invitationId: id });

/** POST /teams/{teamId}/invitations (Admins) */
export const createInvitationBodySchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Enter a valid e-mail address')),
  role: z._default(z.enum(TEAM_ROLES), 'user'),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

/** A pending invitation as Admins see it: never its code. */
export const teamInvitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  invitedBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/**
 * An invitation as just issued (created or resent): with its join link, once, for the Admin to
 * pass on when the e-mail does not arrive (a stage without mail, a spam folder). The code in it
 * admits only the invited address, and is never shown again (it is stored hashed).
 */
export const issuedInvitationSchema = z.extend(teamInvitationSchema, { joinUrl: z.string() });
export type IssuedInvitation = z.infer<typeof issuedInvitationSchema>;

export const listInvitationsResponseSchema = z.object({ invitations: z.array(teamInvitationSchema) });
export type ListInvitationsResponse = z.infer<typeof listInvitationsResponseSchema>;

/** POST /teams/join: the invitee, signed in with the invited e-mail, accepts with the code. */
export const acceptInvitationBodySchema = z.object({
  code: z.string().check(z.trim(), z.minLength(16), z.maxLength(128)),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/**
 * POST /teams/join/invitation {code}: the invitation as its invitee reads it before accepting or
 * declining (POST /teams/join/decline {code}). The code travels in the body, never in a URL (logs).
 * An expired invitation is still shown, as expired, to its invitee.
 */
export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  /** Null when the inviter is no longer a member of the team. */
  invitedByEmail: z.nullable(z.string()),
  role: z.enum(TEAM_ROLES),
  expiresAt: z.iso.datetime(),
  expired: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** PUT /teams/{teamId}/members/{userId} (Admins) */
export const updateMemberBodySchema = z.object({ role: z.enum(TEAM_ROLES) });
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

/** POST /teams/{teamId}/transfer-ownership (the owner) */
export const transferOwnershipBodySchema = z.object({ userId: id });
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

/** POST /teams/{teamId}/subscription/checkout (Admins): the team subscribes to Teams, one seat per member. */
export const teamCheckoutBodySchema = z.object({
  successUrl: z.url({ protocol: /^https?$/ }),
  cancelUrl: z.url({ protocol: /^https?$/ }),
});
export type TeamCheckoutBody = z.infer<typeof teamCheckoutBodySchema>;

/**
 * `?teamId=` on the MCP server and API key routes: the team's servers and keys instead of the
 * caller's own (the role rules decide what a member may do with them).
 */
export const teamScopeQuerySchema = z.object({ teamId: z.optional(id) });
export type TeamScopeQuery = z.infer<typeof teamScopeQuerySchema>;

/** A provider id of a team key, as GET /api-keys/providers?teamId= lists it: `team:<teamId>:<providerId>`. */
export const TEAM_PROVIDER_PREFIX = 'team:';
export const teamProviderId = (teamId: string, providerId: string) =>
  `${TEAM_PROVIDER_PREFIX}${teamId}:${providerId}`;
export function parseTeamProviderId(providerId: string): { teamId: string; providerId: string } | undefined {
  if (!providerId.startsWith(TEAM_PROVIDER_PREFIX)) return undefined;
  const rest = providerId.slice(TEAM_PROVIDER_PREFIX.length);
  const at = rest.indexOf(':');
  if (at <= 0 || at === rest.length - 1) return undefined;
  return { teamId: rest.slice(0, at), providerId: rest.slice(at + 1) };
}

/** GET /teams/{teamId}/usage (Admins): each member's tokens today and compute this month, and the team servers'. */
export const teamUsageSchema = z.object({
  /** `YYYY-MM-DD` (UTC). */
  date: z.string(),
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  members: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      role: z.enum(TEAM_ROLES),
      /** Counted against the team's plan today in the team space (platform models). */
      tokensToday: z.number().check(z.nonnegative()),
      /** On provider keys (own or the team's) in the team space: recorded, not limited. */
      keyTokensToday: z.number().check(z.nonnegative()),
      computeMinutesThisMonth: z.number().check(z.nonnegative()),
    }),
  ),
  /** The team's own MCP servers (they run on the team's plan). */
  teamServers: z.object({ computeMinutesThisMonth: z.number().check(z.nonnegative()) }),
  /**
   * This month's overage of the team space (every member's usage past the daily allowance, billed
   * to the team's subscription) and its cap, which Admins set.
   */
  overage: z.object({
    tokens: z.number().check(z.nonnegative()),
    usd: z.number().check(z.nonnegative()),
    capUsd: z.number().check(z.nonnegative()),
  }),
});
export type TeamUsage = z.infer<typeof teamUsageSchema>;
