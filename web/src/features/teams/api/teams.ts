import {
  type ApiKeyView,
  apiKeyViewSchema,
  type CheckoutResponse,
  type CreateApiKeyBody,
  type CreateInvitationBody,
  checkoutResponseSchema,
  type InvitationPreview,
  type IssuedInvitation,
  invitationPreviewSchema,
  issuedInvitationSchema,
  type ListInvitationsResponse,
  type ListTeamsResponse,
  listInvitationsResponseSchema,
  listTeamsResponseSchema,
  type PortalResponse,
  portalResponseSchema,
  type TeamCheckoutBody,
  type TeamDetail,
  type TeamMember,
  type TeamRole,
  type TeamSummary,
  type TeamUsage,
  teamDetailSchema,
  teamMemberSchema,
  teamSummarySchema,
  teamUsageSchema,
} from '@agentforge/shared';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});
const team = (teamId: string) => `/teams/${encodeURIComponent(teamId)}`;

/** GET /teams: my teams, with my role in each. */
export const listTeams = (signal?: AbortSignal): Promise<ListTeamsResponse> =>
  apiClient.get('/teams', { schema: listTeamsResponseSchema, ...signalOf(signal) });

/** GET /teams/{teamId}: the team and its members. */
export const getTeam = (teamId: string, signal?: AbortSignal): Promise<TeamDetail> =>
  apiClient.get(team(teamId), { schema: teamDetailSchema, ...signalOf(signal) });

/** GET /teams/{teamId}/invitations (Admins). */
export const listInvitations = (teamId: string, signal?: AbortSignal): Promise<ListInvitationsResponse> =>
  apiClient.get(`${team(teamId)}/invitations`, {
    schema: listInvitationsResponseSchema,
    ...signalOf(signal),
  });

export const createTeam = (name: string): Promise<TeamSummary> =>
  apiClient.post('/teams', { name }, { schema: teamSummarySchema });

export const acceptInvitation = (code: string): Promise<TeamSummary> =>
  apiClient.post('/teams/join', { code }, { schema: teamSummarySchema });

/** POST /teams/join/invitation: the invitation as its invitee reads it (the code stays out of URLs). */
export const readInvitation = (code: string, signal?: AbortSignal): Promise<InvitationPreview> =>
  apiClient.post(
    '/teams/join/invitation',
    { code },
    { schema: invitationPreviewSchema, ...signalOf(signal) },
  );

export const declineInvitation = (code: string): Promise<unknown> =>
  apiClient.post('/teams/join/decline', { code });

/** POST /teams/{teamId}/invitations: the invitation, with its join link (this once). */
export const invite = (teamId: string, body: CreateInvitationBody): Promise<IssuedInvitation> =>
  apiClient.post(`${team(teamId)}/invitations`, body, { schema: issuedInvitationSchema });

/** A new code and a new week: the new join link (this once). */
export const resendInvitation = (teamId: string, invitationId: string): Promise<IssuedInvitation> =>
  apiClient.post(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}/resend`, undefined, {
    schema: issuedInvitationSchema,
  });

export const revokeInvitation = (teamId: string, invitationId: string): Promise<unknown> =>
  apiClient.del(`${team(teamId)}/invitations/${encodeURIComponent(invitationId)}`);

export const changeRole = (teamId: string, userId: string, role: TeamRole): Promise<TeamMember> =>
  apiClient.put(
    `${team(teamId)}/members/${encodeURIComponent(userId)}`,
    { role },
    { schema: teamMemberSchema },
  );

export const removeMember = (teamId: string, userId: string): Promise<unknown> =>
  apiClient.del(`${team(teamId)}/members/${encodeURIComponent(userId)}`);

/** DELETE /teams/{teamId}/members/{my id}: the one leave path (the owner and the last Admin cannot). */
export const leaveTeam = (teamId: string, myUserId: string): Promise<unknown> =>
  removeMember(teamId, myUserId);

/** PATCH /teams/{teamId} {name} (Admins). */
export const renameTeam = (teamId: string, name: string): Promise<TeamSummary> =>
  apiClient.request('PATCH', team(teamId), { body: { name }, schema: teamSummarySchema });

/** DELETE /teams/{teamId} (the owner): the subscription is cancelled, servers, keys and members go. */
export const deleteTeam = (teamId: string): Promise<unknown> => apiClient.del(team(teamId));

export const transferOwnership = (teamId: string, userId: string): Promise<TeamDetail> =>
  apiClient.post(`${team(teamId)}/transfer-ownership`, { userId }, { schema: teamDetailSchema });

/** GET /teams/{teamId}/usage (Admins): each member's tokens today and compute this month. */
export const getTeamUsage = (teamId: string, signal?: AbortSignal): Promise<TeamUsage> =>
  apiClient.get(`${team(teamId)}/usage`, { schema: teamUsageSchema, ...signalOf(signal) });

/** PUT /teams/{teamId}/overage-cap {capUsd} (Admins): the most the team space's overage may cost a month. */
export const setTeamOverageCap = async (teamId: string, capUsd: number): Promise<void> => {
  await apiClient.put(`${team(teamId)}/overage-cap`, { capUsd });
};

const teamScope = (teamId: string) => ({ query: { teamId } });

/** GET /api-keys?teamId= (Admins): the team's keys, masked (last 4 characters only). */
export const listTeamKeys = (teamId: string, signal?: AbortSignal): Promise<ApiKeyView[]> =>
  apiClient.get('/api-keys', {
    schema: z.array(apiKeyViewSchema),
    ...teamScope(teamId),
    ...signalOf(signal),
  });

/** POST /api-keys?teamId= (Admins): a provider key or Custom endpoint the members chat with. */
export const addTeamKey = (teamId: string, body: CreateApiKeyBody): Promise<ApiKeyView> =>
  apiClient.post('/api-keys', body, { schema: apiKeyViewSchema, ...teamScope(teamId) });

/** DELETE /api-keys/{id}?teamId= (Admins). */
export const deleteTeamKey = (teamId: string, keyId: string): Promise<unknown> =>
  apiClient.del(`/api-keys/${encodeURIComponent(keyId)}`, teamScope(teamId));

/** POST /teams/{teamId}/subscription/checkout (Admins): the Stripe Checkout URL for Teams, one seat per member. */
export const teamCheckout = (teamId: string, body: TeamCheckoutBody): Promise<CheckoutResponse> =>
  apiClient.post(`${team(teamId)}/subscription/checkout`, body, { schema: checkoutResponseSchema });

/** POST /teams/{teamId}/subscription/portal (Admins): the team's Stripe Customer Portal. */
export const teamPortal = (teamId: string, returnUrl: string): Promise<PortalResponse> =>
  apiClient.post(`${team(teamId)}/subscription/portal`, { returnUrl }, { schema: portalResponseSchema });
