import type { Conversation } from '@agentforge/shared';

/**
 * Whether a conversation belongs in the list of the active space (`spaceTeamId`, undefined:
 * personal). A chat started in a team the caller has left has no team space to show it in, so it
 * is listed with their personal chats (once their teams are known).
 */
export function inSpace(
  conversation: Pick<Conversation, 'teamId'>,
  spaceTeamId: string | undefined,
  myTeamIds: readonly string[] | undefined,
): boolean {
  if (conversation.teamId === spaceTeamId) return true;
  return (
    spaceTeamId === undefined &&
    conversation.teamId !== undefined &&
    myTeamIds !== undefined &&
    !myTeamIds.includes(conversation.teamId)
  );
}
