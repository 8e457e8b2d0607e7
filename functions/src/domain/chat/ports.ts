import type { KnowledgeSearchResult, ToolProgress } from '@agentforge/shared';
import type { Caller } from '../caller.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import type { MessageRepository } from '../conversations/message.js';
import type { MemoryStore } from '../memory/memory.js';
import type { ModelProvider, ModelToolDefinition, ModelUsage } from '../models/model-provider.js';
import type { AttachmentReader } from './attachment-content.js';
import type { ReplyLeases } from './reply-lease.js';
import type { ReplySweep } from './reply-sweep.js';
import type { ToolBudget } from './tool-selection.js';
import type { WebSearch } from './web-search.js';

/** Picks the adapter and credentials for a (provider, model) the caller chose. */
export interface ModelResolver {
  /**
   * `teamSpace`: the team whose space the conversation is in (undefined: personal), read alongside.
   * `fellBackTo`: set when the chosen provider or model was not offered and another was picked.
   * `reservesTokens`: each call first reserves tokens on a plan (the platform's models), a write.
   */
  resolve(
    userId: string,
    providerId: string,
    model: string,
    teamSpace?: Promise<string | undefined>,
  ): Promise<{
    provider: ModelProvider;
    model: string;
    fellBackTo?: { provider: string; model: string };
    reservesTokens?: boolean;
  }>;
}

export interface ToolResult {
  /** Text handed back to the model. */
  content: string;
  isError: boolean;
}

/** The tools of one attached MCP server (the MCP issue provides the real one). */
export interface ToolSet {
  serverId: string;
  /** The server's name, shown with its tool calls. */
  serverName?: string;
  definitions: ModelToolDefinition[];
  /** `onProgress`: the server's progress reports while the call runs. */
  call(
    name: string,
    input: unknown,
    signal: AbortSignal,
    onProgress?: (progress: ToolProgress) => void,
  ): Promise<ToolResult>;
  /** Whether a call of this tool pauses the reply for the user's approval (the server's tool policy). */
  needsApproval?(name: string): boolean;
  /** Which server a tool (as the model names it) runs on, and its name there (several servers: tool-sets.ts). */
  serverOf?(name: string): { serverId: string; serverName?: string; tool: string } | undefined;
}

export interface ToolSource {
  /**
   * The tools of the caller's server, starting it if needed; `onStatus` reports progress while it
   * starts, with the server's name.
   */
  forServer(
    caller: Caller,
    serverId: string,
    onStatus: (status: string, serverName?: string) => void,
  ): Promise<ToolSet>;
  /** 'Always allow': the tool runs unasked from now on (refused unless the caller may change the policy). */
  allowAlways?(caller: Caller, serverId: string, toolName: string): Promise<void>;
}

/** The knowledge collections a conversation attaches (composition/knowledge-access.ts). */
export interface KnowledgeSource {
  /**
   * A search over those of `collectionIds` the caller may read now (one they may not is left
   * out); undefined when none is.
   */
  searchFor(
    caller: Caller,
    collectionIds: readonly string[],
  ): Promise<((query: string, limit: number) => Promise<KnowledgeSearchResult>) | undefined>;
}

export interface UsageRecorder {
  /** Books tokens on the caller's day (`tokens#YYYY-MM-DD`). */
  recordTokens(userId: string, at: number, usage: ModelUsage): Promise<void>;
}

/** What the chat service (chat-service.ts, start-reply.ts) works with. */
export interface ChatServiceDeps {
  conversations: ConversationService;
  messages: MessageRepository;
  models: ModelResolver;
  tools?: ToolSource;
  /** Files sent with messages (issue 17); without it, a stream naming attachments is refused. */
  attachments?: AttachmentReader;
  usage: UsageRecorder;
  /** Where the reply's model calls hold their reservations (reply-lease.ts). */
  leases?: ReplyLeases;
  /** Ends an interrupted reply before a regenerate replaces it (its reservations settled first). */
  interrupted?: Pick<ReplySweep, 'end'>;
  /** The caller's memory for the system prompt (memory/memory.ts); without it, none. */
  memory?: Pick<MemoryStore, 'get' | 'teamAllows'>;
  /** Past it, a turn offers its most relevant tools and search_tools (default DEFAULT_TOOL_BUDGET). */
  toolBudget?: ToolBudget;
  /** The operator's search API and the guarded page reader; without it the 'Web search' toggle does nothing. */
  webSearch?: WebSearch;
  /** The conversation's knowledge collections (`search_knowledge`); without it, none are searched. */
  knowledge?: KnowledgeSource;
  newId: () => string;
  now: () => number;
}
