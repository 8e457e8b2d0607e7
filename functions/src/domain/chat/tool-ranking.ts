import MiniSearch from 'minisearch';
import type { ModelToolDefinition } from '../models/model-provider.js';

/**
 * Full-text ranking of tools for a turn (BM25+, MiniSearch): over the tool's name split into words
 * (`getFileContents`, `list_commits`), its description and its parameters' names.
 */

/** Words too common in requests and descriptions to say anything about the tool wanted. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does for from get give have i in is it its me my of on or ' +
    'please set that the this to use using want what when which will with would you your'
  ).split(' '),
);

/** `getFileContents` / `list_commits` / `git-log` as words: get file contents, list commits, git log. */
export const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.:/]+/g, ' ')
    .toLowerCase();

/** Lower case, stop words dropped, a plural's `s` dropped (files ~ file): the same for tools and queries. */
function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function parameterNames(tool: ModelToolDefinition): string {
  const properties = tool.inputSchema.properties;
  if (!properties || typeof properties !== 'object') return '';
  return Object.keys(properties).map(nameWords).join(' ');
}

export interface ToolIndex {
  /** Names of the matching tools, best first; `limit` at most. */
  search(query: string, limit?: number): string[];
  /** Scores of the matching tools by name. */
  scores(query: string): Map<string, number>;
}

/** Name matches weigh most, then parameters, then the description. */
const BOOST = { words: 3, params: 1.5, description: 1 };

export function indexTools(tools: readonly ModelToolDefinition[]): ToolIndex {
  const index = new MiniSearch<ModelToolDefinition>({
    idField: 'name',
    // `words`: the name as words (the id stays the name itself).
    fields: ['words', 'description', 'params'],
    extractField: (tool, field) => {
      if (field === 'words') return nameWords(tool.name);
      if (field === 'params') return parameterNames(tool);
      return String(tool[field as keyof ModelToolDefinition] ?? '');
    },
    processTerm,
    searchOptions: {
      boost: BOOST,
      // 'calendar' finds 'calendars', 'repo' finds 'repository': prefixes of longer words only.
      prefix: (term) => term.length > 3,
      combineWith: 'OR',
    },
  });
  index.addAll(tools);
  const scores = (query: string) =>
    new Map(index.search(query).map((result) => [String(result.id), result.score] as const));
  return {
    scores,
    search: (query, limit = Number.POSITIVE_INFINITY) =>
      index
        .search(query)
        .slice(0, limit)
        .map((result) => String(result.id)),
  };
}

/** How much a word of the recent context counts against one of the latest message. */
const CONTEXT_WEIGHT = 0.3;

/**
 * The tools' names ranked for a turn: the latest user message first, a little recent context
 * after (at CONTEXT_WEIGHT). Tools that match nothing are left out.
 */
export function rankForTurn(index: ToolIndex, turn: { text: string; context?: string }): string[] {
  const combined = index.scores(turn.text);
  if (turn.context) {
    for (const [name, score] of index.scores(turn.context)) {
      combined.set(name, (combined.get(name) ?? 0) + CONTEXT_WEIGHT * score);
    }
  }
  return [...combined].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}
