import { createConversationRepository } from '../adapters/dynamodb/conversation-repository.js';
import { createTeamDirectoryReader } from '../adapters/dynamodb/team-directory.js';
import {
  type ConversationSharing,
  createConversationSharing,
} from '../domain/conversations/conversation-sharing.js';
import { messageRepository } from './conversations.js';
import { db, env } from './root.js';
import { myTeamsReader } from './team-scope.js';

let sharing: ConversationSharing | undefined;
/**
 * Read-only sharing with a team (the conversations function only: it alone may GetItem the teams
 * table's members and "my teams" for it; the messages and agent functions stay author-only).
 */
export function conversationSharing(): ConversationSharing {
  if (sharing) return sharing;
  const directory = createTeamDirectoryReader(db, env.tables.teams);
  sharing = createConversationSharing({
    conversations: createConversationRepository(db, env.tables.conversations),
    messages: messageRepository(),
    teams: {
      teamIdsOf: (userId) => myTeamsReader().teamIdsOf(userId),
      member: directory.member,
      teamName: directory.teamName,
    },
    now: Date.now,
  });
  return sharing;
}
