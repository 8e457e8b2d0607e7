import type { ToolsOffered } from '@agentforge/shared';
import * as z from 'zod';
import type { ModelToolDefinition } from '../models/model-provider.js';
import type { ToolSet } from './ports.js';
import { indexTools, rankForTurn } from './tool-ranking.js';

/**
 * Tool selection (docs/decisions/mcp-servers.md, "Tool selection"): past a budget, a turn offers
 * the model only its most relevant tools and `search_tools`, which finds and enables the others.
 */
export interface ToolBudget {
  /** Tools offered at most (search_tools included). */
  maxTools: number;
  /** Tokens of tool schemas offered at most (estimated: schemaTokens). */
  maxSchemaTokens: number;
}

export const DEFAULT_TOOL_BUDGET: ToolBudget = { maxTools: 20, maxSchemaTokens: 8_000 };
export const SEARCH_TOOLS = 'search_tools';
/** Tools one search_tools call finds (and enables) at most. */
export const SEARCH_RESULTS = 5;

/** A tool's schema as the model reads it, in tokens: JSON's characters / 4 (close for English and JSON). */
export const schemaTokens = (tool: ModelToolDefinition) =>
  Math.ceil(
    JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }).length /
      4,
  );

export const searchToolsDefinition: ModelToolDefinition = {
  name: SEARCH_TOOLS,
  description:
    'Finds more tools. Only some of the available tools are offered now: when none of them fits, ' +
    'describe what you need in a few words; the best matches are enabled for your next calls.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What the tool should do, in a few words' } },
    required: ['query'],
  },
  annotations: { readOnlyHint: true },
};

const searchInputSchema = z.object({ query: z.string().trim().min(1).max(500) });

export interface Turn {
  /** The latest user message. */
  text: string;
  /** A little of the conversation before it. */
  context?: string;
  /** Tools already called in this conversation: always offered. */
  usedTools: readonly string[];
}

/** How much of the messages before the latest user message the ranking reads. */
const CONTEXT_MESSAGES = 2;
const CONTEXT_CHARS = 500;

/**
 * The turn as the ranking reads it: the latest user message, the end of the two messages before
 * it, and every tool the conversation called (`extraCalls`: a paused reply's, going on).
 */
export function turnOf(
  history: readonly { role: string; content: string; toolCalls?: readonly { name: string }[] | undefined }[],
  extraCalls: readonly { name: string }[] = [],
): Turn {
  const at = history.findLastIndex((message) => message.role === 'user');
  const context = history
    .slice(Math.max(0, at - CONTEXT_MESSAGES), Math.max(0, at))
    .map((message) => message.content.slice(-CONTEXT_CHARS))
    .join('\n');
  const calls = [...history.flatMap((message) => message.toolCalls ?? []), ...extraCalls];
  return {
    text: history[at]?.content ?? '',
    ...(context ? { context } : {}),
    usedTools: [...new Set(calls.map((call) => call.name))],
  };
}

export interface SelectedTools {
  /** The set the tool loop gets: its definitions grow when search_tools enables tools. */
  set: ToolSet;
  offered(): ToolsOffered;
}

/** The tools offered to the model this turn; all of them while they fit the budget. */
export function selectTools(
  all: ToolSet,
  turn: Turn,
  budget: ToolBudget = DEFAULT_TOOL_BUDGET,
): SelectedTools {
  const tools = all.definitions;
  const tokens = tools.reduce((sum, tool) => sum + schemaTokens(tool), 0);
  const fits = tools.length <= budget.maxTools && tokens <= budget.maxSchemaTokens;
  // A server's own search_tools keeps its name: everything is offered, as before selection.
  if (fits || tools.some((tool) => tool.name === SEARCH_TOOLS)) {
    return {
      set: all,
      offered: () => ({ names: tools.map((tool) => tool.name), total: tools.length, selected: false }),
    };
  }

  const index = indexTools(tools);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const offered = pickWithinBudget(
    tools,
    [...turn.usedTools.filter((name) => byName.has(name)), ...rankForTurn(index, turn)],
    turn.usedTools,
    budget,
  );

  const search = (input: unknown) => {
    const parsed = searchInputSchema.safeParse(input);
    if (!parsed.success)
      return { content: 'search_tools needs a query: what the tool should do.', isError: true };
    const found = index.search(parsed.data.query, SEARCH_RESULTS);
    for (const name of found) offered.add(name);
    const matches = found.map((name) => ({ name, description: byName.get(name)?.description ?? '' }));
    return {
      content: JSON.stringify(
        matches.length ? { enabled: matches } : { enabled: [], note: 'No tool matches: try other words.' },
      ),
      isError: false,
    };
  };

  const set: ToolSet = {
    serverId: all.serverId,
    ...(all.serverName ? { serverName: all.serverName } : {}),
    // Read by the tool loop every round: tools search_tools enabled are offered from the next one.
    get definitions() {
      return [...tools.filter((tool) => offered.has(tool.name)), searchToolsDefinition];
    },
    call: async (name, input, signal, onProgress) =>
      name === SEARCH_TOOLS ? search(input) : all.call(name, input, signal, onProgress),
    needsApproval: (name) => name !== SEARCH_TOOLS && (all.needsApproval?.(name) ?? false),
    // search_tools is the platform's, run on no server.
    serverOf: (name) => (name === SEARCH_TOOLS ? undefined : all.serverOf?.(name)),
  };
  return {
    set,
    offered: () => ({
      names: [...tools.filter((tool) => offered.has(tool.name)).map((tool) => tool.name), SEARCH_TOOLS],
      total: tools.length,
      selected: true,
    }),
  };
}

/**
 * The candidates in order, while they fit: search_tools's room is kept, tools already used are
 * taken whatever they cost, and a tool too large for what is left is passed over for smaller ones.
 * Past the candidates (the turn matched few tools), the rest in listing order fill what is left.
 */
function pickWithinBudget(
  tools: readonly ModelToolDefinition[],
  candidates: readonly string[],
  used: readonly string[],
  budget: ToolBudget,
): Set<string> {
  const cost = new Map(tools.map((tool) => [tool.name, schemaTokens(tool)]));
  const picked = new Set<string>();
  let room = budget.maxSchemaTokens - schemaTokens(searchToolsDefinition);
  const order = [...candidates, ...tools.map((tool) => tool.name)];
  for (const name of order) {
    if (picked.size >= budget.maxTools - 1) break;
    const tokens = cost.get(name);
    if (tokens === undefined || picked.has(name)) continue;
    if (tokens > room && !used.includes(name)) continue;
    picked.add(name);
    room -= tokens;
  }
  return picked;
}
