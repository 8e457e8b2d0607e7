/** The teams area's user-facing texts (not worded by the spec: what a team admin would expect). */
export const TEAM_MESSAGES = {
  notFound: 'Team not found',
  /** POST /sso/join by a password sign-in at a domain a team verified for single sign-on. */
  ssoJoinNeedsSso:
    "Your e-mail domain signs in through your organization's single sign-on: use 'Sign in with SSO' to join its team.",
  adminRequired: 'Only a team Admin can do this. Ask an Admin of the team.',
  ownerRequired: "Only the team's owner can transfer ownership.",
  ownerRequiredToDelete: "Only the team's owner can delete the team.",
  lastAdmin:
    'A team must keep at least one Admin. Make another member an Admin first (or transfer ownership).',
  ownerCannotLeave:
    "The team's owner cannot leave, be removed or stop being an Admin. Transfer ownership to another member first.",
  memberNotFound: 'Member not found',
  alreadyMember: 'This person is already a member of the team.',
  invitationNotFound: 'Invitation not found',
  invitationInvalid:
    'This invitation code is not valid, has expired or was revoked. Ask an Admin to resend it.',
  invitationForAnotherEmail:
    'This invitation was sent to another e-mail address. Sign in with the invited address to accept it.',
  alreadyInvited: 'This e-mail address already has a pending invitation. Resend it instead.',
  transferToSelf: 'You already own this team.',
  teamSubscriptionOnly: 'A team subscribes to the Teams plan.',
  shareTeamNotFound: 'Team not found. You can share a conversation only with a team you are a member of.',
  invitationExpired: 'This invitation has expired. Ask an Admin of the team to resend it.',
  invitationDeclined: (teamName: string) =>
    `You declined the invitation to join ${teamName}. If you change your mind, ask an Admin of the team to invite you again.`,
  invitationSubject: (teamName: string) => `You are invited to join ${teamName} on AgentForge`,
} as const;
