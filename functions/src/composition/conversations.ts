import { createAgentPlanRepository } from '../adapters/dynamodb/agent-plan-repository.js';
import { createConversationRepository } from '../adapters/dynamodb/conversation-repository.js';
import { createMessageRepository } from '../adapters/dynamodb/message-repository.js';
import {
  type ConversationService,
  createConversationService,
} from '../domain/conversations/conversation-service.js';
import { attachmentService } from './attachments.js';
import { db, env, newId } from './root.js';
import { myTeamsReader } from './team-scope.js';

export const messageRepository = () => createMessageRepository(db, env.tables.messages);

let conversations: ConversationService | undefined;
export function conversationService(): ConversationService {
  conversations ??= createConversationService({
    conversations: createConversationRepository(db, env.tables.conversations),
    messages: messageRepository(),
    plans: createAgentPlanRepository(db, env.tables.agentPlans),
    // Only the conversations function deletes (it holds the bucket's grants and name).
    attachments: {
      deleteAll: (userId, conversationId) => attachmentService().deleteAll(userId, conversationId),
    },
    myTeams: myTeamsReader(),
    newId,
    now: Date.now,
  });
  return conversations;
}
