import { createAreaRouter } from '../../http/area-router.js';
import { handler as acceptInvitation } from './accept-invitation.js';
import { handler as createInvitation } from './create-invitation.js';
import { handler as createTeam } from './create-team.js';
import { handler as declineInvitation } from './decline-invitation.js';
import { handler as deleteTeamSso } from './delete-team-sso.js';
import { handler as discoverSso } from './discover-sso.js';
import { handler as getTeam } from './get-team.js';
import { handler as getTeamMemory } from './get-team-memory.js';
import { handler as getTeamSso } from './get-team-sso.js';
import { handler as getTeamUsage } from './get-team-usage.js';
import { handler as joinSsoTeam } from './join-sso-team.js';
import { handler as listInvitations } from './list-invitations.js';
import { handler as listTeams } from './list-teams.js';
import { handler as putTeamMemory } from './put-team-memory.js';
import { handler as putTeamOverageCap } from './put-team-overage-cap.js';
import { handler as putTeamSso } from './put-team-sso.js';
import { handler as readInvitation } from './read-invitation.js';
import { handler as removeMember } from './remove-member.js';
import { handler as renameTeam } from './rename-team.js';
import { handler as resendInvitation } from './resend-invitation.js';
import { handler as revokeInvitation } from './revoke-invitation.js';
import { handler as teamCheckout } from './team-checkout.js';
import { handler as teamPortal } from './team-portal.js';
import { handler as transferOwnership } from './transfer-ownership.js';
import { handler as updateMember } from './update-member.js';
import { handler as verifyTeamSsoDomain } from './verify-team-sso-domain.js';

export const handler = createAreaRouter('teams', {
  createTeam,
  listTeams,
  acceptInvitation,
  readInvitation,
  declineInvitation,
  getTeam,
  renameTeam,
  transferOwnership,
  updateMember,
  removeMember,
  createInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  teamCheckout,
  getTeamUsage,
  teamPortal,
  putTeamOverageCap,
  getTeamMemory,
  putTeamMemory,
  getTeamSso,
  putTeamSso,
  deleteTeamSso,
  verifyTeamSsoDomain,
  discoverSso,
  joinSsoTeam,
});
