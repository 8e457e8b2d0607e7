import { describe, expect, it } from 'vitest';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import type { ModelToolDefinition } from '../models/model-provider.js';
import type { ToolSet } from './ports.js';
import { runToolLoop } from './tool-loop.js';
import { nameWords } from './tool-ranking.js';
import { SEARCH_TOOLS, schemaTokens, searchToolsDefinition, selectTools, turnOf } from './tool-selection.js';
import { combineToolSets } from './tool-sets.js';

const tool = (name: string, description: string, params: string[] = []): ModelToolDefinition => ({
  name,
  description,
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(params.map((param) => [param, { type: 'string' }])),
  },
});

const TOOLS = [
  tool('read_file', 'Read the contents of a file at a path', ['path']),
  tool('write_file', 'Write text to a file, replacing it', ['path', 'content']),
  tool('listCommits', 'List the commits of a git repository branch', ['repo', 'branch']),
  tool('create_pull_request', 'Open a pull request on GitHub', ['repo', 'title', 'head', 'base']),
  tool('createCalendarEvent', 'Add an event to a calendar', ['title', 'startTime', 'endTime']),
  tool('list_calendar_events', 'List upcoming events in a calendar', ['calendarId']),
  tool('web_search', 'Search the web for pages', ['query']),
  tool('run_sql_query', 'Run a SQL query against a database', ['sql']),
  tool('send_email', 'Send an e-mail message to recipients', ['to', 'subject', 'body']),
  tool('get_weather', 'Current weather and forecast for a city', ['city']),
];

const calls: string[] = [];
const server = (definitions = TOOLS, ask: string[] = []): ToolSet => ({
  serverId: 'srv-1',
  definitions,
  call: async (name, input) => {
    calls.push(name);
    return { content: `${name} ran with ${JSON.stringify(input)}`, isError: false };
  },
  needsApproval: (name) => ask.includes(name),
});

const names = (set: ToolSet) => set.definitions.map((definition) => definition.name);
const budget = { maxTools: 4, maxSchemaTokens: 100_000 };
const turn = (text: string, usedTools: string[] = []) => ({ text, usedTools });

describe('tool selection', () => {
  it('splits camel, snake and kebab case names into words', () => {
    expect(nameWords('createCalendarEvent')).toBe('create calendar event');
    expect(nameWords('list_commits')).toBe('list commits');
    expect(nameWords('git-log.JSONParse')).toBe('git log json parse');
  });

  it('offers every tool, and no search_tools, while they fit the budget', () => {
    const all = server();
    const selected = selectTools(all, turn('anything'), { maxTools: 10, maxSchemaTokens: 100_000 });
    expect(selected.set).toBe(all);
    expect(selected.offered()).toEqual({ names: TOOLS.map((t) => t.name), total: 10, selected: false });
  });

  it('past the count budget offers the most relevant tools and search_tools, no more than the budget', () => {
    const { set, offered } = selectTools(
      server(),
      turn('Show me the latest commits on the main branch'),
      budget,
    );
    expect(set.definitions).toHaveLength(4);
    expect(names(set)).toContain('listCommits');
    expect(names(set)).toContain(SEARCH_TOOLS);
    expect(offered()).toMatchObject({ total: 10, selected: true });
    expect(offered().names).toEqual(names(set));
  });

  it('ranks over descriptions and parameter names too, with the recent context', () => {
    const { set } = selectTools(server(), turn("What's the forecast? Any upcoming things?"), budget);
    expect(names(set)).toEqual(expect.arrayContaining(['get_weather', 'list_calendar_events']));
    const byParameter = selectTools(server(), turn('Draft something with the subject "Hello"'), budget);
    expect(names(byParameter.set)).toContain('send_email');
    const context = selectTools(
      server(),
      { text: 'and the second one?', context: 'Which SQL query gives the top customers?', usedTools: [] },
      { maxTools: 2, maxSchemaTokens: 100_000 },
    );
    expect(names(context.set)).toEqual(['run_sql_query', SEARCH_TOOLS]);
  });

  it('past the token budget offers what fits in it', () => {
    const big = [...TOOLS, tool('huge_tool', `Commits ${'x'.repeat(8_000)}`)];
    const maxSchemaTokens = schemaTokens(searchToolsDefinition) + 200;
    const { set } = selectTools(server(big), turn('list commits'), { maxTools: 50, maxSchemaTokens });
    const offered = set.definitions;
    expect(offered.map((t) => t.name)).not.toContain('huge_tool');
    expect(offered.reduce((sum, t) => sum + schemaTokens(t), 0)).toBeLessThanOrEqual(maxSchemaTokens);
    expect(offered.map((t) => t.name)).toContain('listCommits');
  });

  it('always keeps the tools already used in the conversation', () => {
    const { set } = selectTools(
      server(),
      turn('Show me the latest commits', ['send_email', 'gone_tool']),
      budget,
    );
    expect(names(set)).toContain('send_email');
    expect(names(set)).toContain('listCommits');
    expect(names(set)).not.toContain('gone_tool');
  });

  it('search_tools finds tools and enables them for the following rounds', async () => {
    const { set, offered } = selectTools(server(), turn('Show me the latest commits'), budget);
    expect(names(set)).not.toContain('send_email');
    const result = await set.call(SEARCH_TOOLS, { query: 'email someone' }, new AbortController().signal);
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.content).enabled[0]).toEqual({
      name: 'send_email',
      description: 'Send an e-mail message to recipients',
    });
    expect(names(set)).toContain('send_email');
    expect(offered().names).toContain('send_email');
    expect(calls).not.toContain(SEARCH_TOOLS);
    await set.call('send_email', { to: 'a@b.c' }, new AbortController().signal);
    expect(calls.at(-1)).toBe('send_email');
  });

  it('search_tools answers a missing query, or no match, with words the model can act on', async () => {
    const { set } = selectTools(server(), turn('hi'), budget);
    const signal = new AbortController().signal;
    expect(await set.call(SEARCH_TOOLS, {}, signal)).toMatchObject({ isError: true });
    const none = await set.call(SEARCH_TOOLS, { query: 'zzzz' }, signal);
    expect(JSON.parse(none.content)).toMatchObject({ enabled: [] });
  });

  it("search_tools never asks for approval; the server's tools ask as their policy says", () => {
    const { set } = selectTools(server(TOOLS, ['send_email']), turn('hi'), budget);
    expect(set.needsApproval?.(SEARCH_TOOLS)).toBe(false);
    expect(set.needsApproval?.('send_email')).toBe(true);
    expect(set.needsApproval?.('read_file')).toBe(false);
  });

  it('the tool loop offers what search_tools enabled in its next round', async () => {
    const { set } = selectTools(server(), turn('Show me the latest commits'), budget);
    async function* call(name: string, input: unknown) {
      yield { type: 'tool-call' as const, toolCall: { id: `call-${name}`, name, input } };
      yield {
        type: 'finish' as const,
        reason: 'tool-calls' as const,
        usage: { inputTokens: 1, outputTokens: 1 },
      };
    }
    const model = scriptedModel([
      () => call(SEARCH_TOOLS, { query: 'weather forecast' }),
      () => call('get_weather', { city: 'Paris' }),
      () => textTurn('Sunny'),
    ]);
    const state = await runToolLoop({
      provider: model.provider,
      providerLabel: 'custom',
      model: 'm',
      messages: [{ role: 'user', content: 'Show me the latest commits' }],
      tools: set,
      maxOutputTokens: 100,
      signal: new AbortController().signal,
      emit: () => undefined,
      onProgress: () => undefined,
    });
    const offeredIn = (index: number) => model.requests[index]?.tools?.map((t) => t.name) ?? [];
    expect(offeredIn(0)).not.toContain('get_weather');
    expect(offeredIn(1)).toContain('get_weather');
    expect(state.toolCalls.map((c) => [c.name, c.status])).toEqual([
      [SEARCH_TOOLS, 'success'],
      ['get_weather', 'success'],
    ]);
  });

  it('reads the turn from the history: the latest user message, a little before it, the tools called', () => {
    const history = [
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first answer', toolCalls: [{ name: 'read_file' }] },
      { role: 'user', content: 'second question' },
      { role: 'assistant', content: 'x'.repeat(600) },
      { role: 'user', content: 'latest question' },
    ];
    const read = turnOf(history, [{ name: 'send_email' }]);
    expect(read.text).toBe('latest question');
    expect(read.context).toBe(`second question\n${'x'.repeat(500)}`);
    expect(read.usedTools).toEqual(['read_file', 'send_email']);
  });
  it("keeps several servers' namespaced tools on their servers, and search_tools on none", async () => {
    const other: ToolSet = { ...server(TOOLS.slice(0, 5)), serverId: 'srv-2', serverName: 'Files' };
    const mail: ToolSet = { ...server(TOOLS.slice(5)), serverName: 'Mail' };
    const combined = combineToolSets([other, mail]) as ToolSet;
    const selected = selectTools(combined, turn('send an email'), budget);

    expect(names(selected.set)).toContain('mail__send_email');
    expect(selected.set.serverOf?.('mail__send_email')).toEqual({
      serverId: 'srv-1',
      serverName: 'Mail',
      tool: 'send_email',
    });
    expect(selected.set.serverOf?.(SEARCH_TOOLS)).toBeUndefined();
    await selected.set.call('files__read_file', { path: 'a' }, new AbortController().signal, () => {});
    expect(calls.at(-1)).toBe('read_file');
  });
});
