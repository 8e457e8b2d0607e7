import { createUsageRepository } from '../adapters/dynamodb/usage-repository.js';
import { type ChatService, createChatService } from '../domain/chat/chat-service.js';
import { attachmentService } from './attachments.js';
import { conversationService, messageRepository } from './conversations.js';
import { chatKnowledge } from './knowledge-access.js';
import { mcpToolSource } from './mcp-tools.js';
import { memoryStore } from './memory.js';
import { modelResolver } from './models.js';
import { replyLeases, replySweep } from './reply-leases.js';
import { db, env, newId } from './root.js';
import { webSearch } from './web-search.js';

let chat: ChatService | undefined;
export function chatService(): ChatService {
  chat ??= createChatService({
    conversations: conversationService(),
    messages: messageRepository(),
    models: modelResolver(),
    tools: mcpToolSource(),
    attachments: attachmentService(),
    usage: createUsageRepository(db, env.tables.usage),
    leases: replyLeases(),
    interrupted: replySweep(),
    memory: memoryStore(),
    toolBudget: {
      maxTools: env.TOOL_SELECTION_MAX_TOOLS,
      maxSchemaTokens: env.TOOL_SELECTION_MAX_SCHEMA_TOKENS,
    },
    ...(webSearch() ? { webSearch: webSearch() } : {}),
    knowledge: chatKnowledge,
    newId,
    now: Date.now,
  });
  return chat;
}
