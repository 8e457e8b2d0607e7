/** Sharing a conversation with a team, read-only (the chat's 'Share with team' and the shared page). */
export const SHARING_MESSAGES = {
  dialogTitle: 'Share with team',
  dialogDescription:
    'Members of the team can read this conversation (read-only). Only you can write in it, and you can stop sharing at any time.',
  noTeams: 'You are not in a team yet. Create or join one on the Teams page to share conversations.',
  share: 'Share',
  shareInstead: 'Share with this team instead',
  stopSharing: 'Stop sharing',
  linkLabel: 'Read-only link',
  sharedWith: (teamName: string) => `Shared read-only with ${teamName}.`,
  readOnlyNote: (author: string, teamName: string) => `Shared by ${author} with ${teamName} · read-only`,
  ownNote: 'Your conversation',
  teamListTitle: 'Shared conversations',
  teamListEmpty: 'No conversation is shared with this team yet. Share one from the chat’s header.',
} as const;
