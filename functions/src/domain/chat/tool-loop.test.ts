import type { StreamEvent } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import type { ToolSet } from './ports.js';
import { createSourceList } from './source-list.js';
import { MAX_TOOL_ROUNDS, runTool, runToolLoop, type ToolLoopState } from './tool-loop.js';
import { combineToolSets } from './tool-sets.js';

const echoTools: ToolSet = {
  serverId: 'srv-1',
  definitions: [{ name: 'echo', inputSchema: { type: 'object' } }],
  call: async (_name, input) => ({ content: `echoed ${JSON.stringify(input)}`, isError: false }),
};

async function* toolTurn(name: string, input: unknown) {
  yield { type: 'tool-call' as const, toolCall: { id: `call-${name}`, name, input } };
  yield {
    type: 'finish' as const,
    reason: 'tool-calls' as const,
    usage: { inputTokens: 5, outputTokens: 2 },
  };
}

function run(turns: Parameters<typeof scriptedModel>[0], tools?: ToolSet) {
  const events: StreamEvent[] = [];
  const model = scriptedModel(turns);
  const result = runToolLoop({
    provider: model.provider,
    providerLabel: 'anthropic',
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    ...(tools ? { tools } : {}),
    maxOutputTokens: 100,
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
    onProgress: () => undefined,
  });
  return { result, events, requests: model.requests };
}

describe('the tool loop', () => {
  it('reports a tool call as in flight before its result comes (saved: a dead writer leaves it interrupted)', async () => {
    const seen: string[] = [];
    const state: ToolLoopState = { content: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 } };
    const slow: ToolSet = {
      ...echoTools,
      call: async () => {
        seen.push('called');
        return { content: 'late', isError: false };
      },
    };
    await runTool(
      { id: 'c1', name: 'echo', input: {} },
      {
        tools: slow,
        emit: () => undefined,
        signal: new AbortController().signal,
        onProgress: (progress) => seen.push(`saved ${progress.toolCalls.map((call) => call.status).join()}`),
      },
      state,
    );
    expect(seen).toEqual(['saved calling', 'called']);
  });

  it("relays a long call's progress as its tool_call event and on the saved call, until it ends", async () => {
    const state: ToolLoopState = { content: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 } };
    const events: StreamEvent[] = [];
    const saved: unknown[] = [];
    const reporting: ToolSet = {
      ...echoTools,
      call: async (_name, _input, _signal, onProgress) => {
        onProgress?.({ progress: 1, total: 4, message: 'Indexing' });
        onProgress?.({ progress: 2, total: 4 });
        return { content: 'indexed', isError: false };
      },
    };
    await runTool(
      { id: 'c1', name: 'echo', input: { q: 1 } },
      {
        tools: reporting,
        emit: (event) => events.push(event),
        signal: new AbortController().signal,
        onProgress: (progress) => saved.push(structuredClone(progress.toolCalls[0]?.progress)),
      },
      state,
    );
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([
      { type: 'tool_call', toolCallId: 'c1', name: 'echo', input: { q: 1 } },
      {
        type: 'tool_call',
        toolCallId: 'c1',
        name: 'echo',
        input: { q: 1 },
        progress: { progress: 1, total: 4, message: 'Indexing' },
      },
      {
        type: 'tool_call',
        toolCallId: 'c1',
        name: 'echo',
        input: { q: 1 },
        progress: { progress: 2, total: 4 },
      },
    ]);
    expect(saved).toEqual([
      undefined,
      { progress: 1, total: 4, message: 'Indexing' },
      { progress: 2, total: 4 },
    ]);
    expect(state.toolCalls[0]).toMatchObject({ status: 'success', result: 'indexed' });
    expect(state.toolCalls[0]).not.toHaveProperty('progress');
  });

  it('saves a call cut short by Stop as stopped, not as still running', async () => {
    const state: ToolLoopState = { content: '', toolCalls: [], usage: { inputTokens: 0, outputTokens: 0 } };
    const stop = new AbortController();
    const stoppable: ToolSet = {
      ...echoTools,
      call: async (_name, _input, signal, onProgress) => {
        onProgress?.({ progress: 1, total: 4 });
        stop.abort('stop-requested');
        throw signal.reason;
      },
    };
    await expect(
      runTool(
        { id: 'c1', name: 'echo', input: {} },
        { tools: stoppable, emit: () => undefined, signal: stop.signal, onProgress: () => undefined },
        state,
      ),
    ).rejects.toBe('stop-requested');
    expect(state.toolCalls).toEqual([
      expect.objectContaining({
        status: 'error',
        error: 'Error executing tool echo: Stopped before it finished.',
      }),
    ]);
    expect(state.toolCalls[0]).not.toHaveProperty('progress');
  });

  it('streams text deltas in order and reports usage', async () => {
    const { result, events } = run([() => textTurn('Hel', 'lo')]);
    const state = await result;
    expect(state.content).toBe('Hello');
    expect(events.filter((e) => e.type === 'message_delta').map((e) => e.chunk)).toEqual(['Hel', 'lo']);
    expect(events.at(-1)).toMatchObject({ type: 'api_call_completed', inputTokens: 10, outputTokens: 2 });
  });

  it('runs a requested tool, feeds the result back and streams the final answer', async () => {
    const { result, events, requests } = run(
      [() => toolTurn('echo', { message: 'x' }), () => textTurn('done')],
      echoTools,
    );
    const state = await result;
    expect(state.content).toBe('done');
    expect(state.toolCalls).toMatchObject([
      { name: 'echo', status: 'success', result: 'echoed {"message":"x"}' },
    ]);
    expect(events.map((e) => e.type)).toEqual([
      'api_call_started',
      'api_call_completed',
      'tool_use_received',
      'tool_call',
      'tool_execution_success',
      'tool_result',
      'api_call_started',
      'message_delta',
      'api_call_completed',
    ]);
    expect(requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'call-echo',
      toolName: 'echo',
      content: 'echoed {"message":"x"}',
      isError: false,
    });
    expect(state.usage).toEqual({ inputTokens: 15, outputTokens: 3 });
  });

  it("reports a failing tool with the spec's text and lets the model answer", async () => {
    const failing: ToolSet = { ...echoTools, call: async () => Promise.reject(new Error('boom')) };
    const { result, events } = run([() => toolTurn('echo', {}), () => textTurn('sorry')], failing);
    const state = await result;
    expect(state.toolCalls[0]).toMatchObject({ status: 'error', error: 'Error executing tool echo: boom' });
    expect(events).toContainEqual({
      type: 'tool_error',
      toolCallId: 'call-echo',
      name: 'echo',
      error: 'Error executing tool echo: boom',
    });
  });

  it('treats a tool the server does not offer as an error, without calling anything', async () => {
    const { result, events } = run([() => toolTurn('rm_rf', {}), () => textTurn('ok')], echoTools);
    await result;
    expect(events.some((e) => e.type === 'tool_call')).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool_execution_error', error: 'Unknown tool: rm_rf' }),
    );
  });

  it('stops after MAX_TOOL_ROUNDS rounds of tool calls', async () => {
    const turns = Array.from({ length: MAX_TOOL_ROUNDS + 1 }, () => () => toolTurn('echo', {}));
    const { result, requests } = run(turns, echoTools);
    await result;
    expect(requests).toHaveLength(MAX_TOOL_ROUNDS);
  });

  it("pauses at an 'ask' call of the second of two servers with that server and the tool's own name", async () => {
    const ask: ToolSet = {
      serverId: 'srv-2',
      serverName: 'Files',
      definitions: [{ name: 'write', inputSchema: { type: 'object' } }],
      call: async () => ({ content: 'written', isError: false }),
      needsApproval: (name) => name === 'write',
    };
    const tools = combineToolSets([{ ...echoTools, serverName: 'Echo' }, ask]);
    const { result, events } = run(
      [() => toolTurn('echo__echo', { a: 1 }), () => toolTurn('files__write', {})],
      tools,
    );
    // The first round runs echo on its server; the second pauses at write.
    const state = await result;
    expect(state.toolCalls[0]).toMatchObject({ name: 'echo__echo', serverId: 'srv-1', serverName: 'Echo' });
    expect(events.find((event) => event.type === 'tool_use_received')).toMatchObject({
      serverId: 'srv-1',
      serverName: 'Echo',
    });
    expect(state.awaiting).toMatchObject({
      serverId: 'srv-2',
      serverTool: 'write',
      call: { name: 'files__write' },
    });
  });

  it('says first which server could not be used (the preface), then the model’s text', async () => {
    const events: StreamEvent[] = [];
    const prefaced = runToolLoop({
      provider: scriptedModel([() => textTurn('Hello')]).provider,
      providerLabel: 'anthropic',
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: echoTools,
      preface: "Server 'Files' is unavailable: down",
      maxOutputTokens: 100,
      signal: new AbortController().signal,
      emit: (event) => events.push(event),
      onProgress: () => undefined,
    });
    expect((await prefaced).content).toBe("Server 'Files' is unavailable: down\n\nHello");
    expect(events[0]).toEqual({ type: 'message_delta', chunk: "Server 'Files' is unavailable: down\n\n" });
  });

  it("with the provider's own search, numbers its pages and puts a citation's numbers after the text it cites", async () => {
    const page = (n: number, quote?: string) => ({
      url: `https://example.com/${n}`,
      title: `Page ${n}`,
      ...(quote ? { quote } : {}),
    });
    const events: StreamEvent[] = [];
    const model = scriptedModel([
      async function* () {
        yield { type: 'source', source: page(1) };
        yield { type: 'source', source: page(2) };
        yield { type: 'text-delta', text: 'Tides are high.' };
        yield { type: 'citation', sources: [page(2, 'High at noon.'), page(2)] };
        yield { type: 'text-delta', text: ' Also low.' };
        yield { type: 'citation', sources: [page(3, 'Low at six.'), page(1)] };
        yield { type: 'finish', reason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
      },
    ]);
    const sources = createSourceList();
    const state = await runToolLoop({
      provider: model.provider,
      providerLabel: 'anthropic',
      model: 'm',
      messages: [{ role: 'user', content: 'tides?' }],
      maxOutputTokens: 100,
      signal: new AbortController().signal,
      emit: (event) => events.push(event),
      onProgress: () => undefined,
      nativeSearch: sources,
    });
    expect(model.requests[0]?.webSearch).toBe(true);
    expect(state.content).toBe('Tides are high. [2] Also low. [3][1]');
    expect(events.filter((event) => event.type === 'message_delta').map((event) => event.chunk)).toEqual([
      'Tides are high.',
      ' [2]',
      ' Also low.',
      ' [3][1]',
    ]);
    expect(sources.all()).toEqual([page(1), page(2, 'High at noon.'), page(3, 'Low at six.')]);
  });
});
