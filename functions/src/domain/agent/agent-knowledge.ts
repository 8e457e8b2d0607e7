import type { Caller } from '../caller.js';
import type { KnowledgeSource, ToolSet } from '../chat/ports.js';
import { withBuiltInTools } from '../chat/web-search.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { createKnowledgeTools } from '../knowledge/knowledge-tools.js';

type AgentKnowledge = ReturnType<typeof createKnowledgeTools>;

/**
 * The agent's `search_knowledge` in a conversation that attaches collections: as in the chat, over
 * those the caller may read now (one they no longer may is left out; none, no tool), its passages
 * numbered as the step reply's `citations` (docs/decisions/knowledge.md, "Automations and agents").
 */
export async function agentKnowledge(
  deps: { conversations: Pick<ConversationService, 'owned'>; knowledge?: KnowledgeSource | undefined },
  caller: Caller,
  conversationId: string,
): Promise<AgentKnowledge | undefined> {
  if (!deps.knowledge) return undefined;
  const collectionIds = (await deps.conversations.owned(caller, conversationId)).settings?.collectionIds;
  if (!collectionIds?.length) return undefined;
  const search = await deps.knowledge.searchFor(caller, collectionIds);
  return search ? createKnowledgeTools(search) : undefined;
}

/** The servers' tools with `search_knowledge` beside them, when the conversation has it. */
export const withKnowledge = (servers: ToolSet | undefined, knowledge: AgentKnowledge | undefined) =>
  knowledge ? withBuiltInTools(servers, knowledge.set) : servers;
