import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../domain/models/model-provider.js';
import { toCallOptions, toPrompt } from './ai-sdk-prompt.js';

const call = { id: 'call_1', name: 'get_weather', input: { city: 'Paris' } };
const conversation: ModelMessage[] = [
  { role: 'user', content: 'Weather in Paris and Rome?' },
  {
    role: 'assistant',
    content: 'Checking.',
    toolCalls: [call, { ...call, id: 'call_2', input: { city: 'Rome' } }],
  },
  { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: 'sunny' },
  { role: 'tool', toolCallId: 'call_2', toolName: 'get_weather', content: 'timeout', isError: true },
  { role: 'assistant', content: 'Paris is sunny.' },
];

describe('toPrompt', () => {
  it('maps roles, tool calls and tool results, one tool message per assistant turn', () => {
    expect(toPrompt('Be brief.', conversation)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'get_weather', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'get_weather',
            output: { type: 'text', value: 'sunny' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'get_weather',
            output: { type: 'error-text', value: 'timeout' },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Paris is sunny.' }] },
    ]);
  });

  it('leaves out an empty system prompt and empty assistant text', () => {
    const prompt = toPrompt(undefined, [{ role: 'assistant', content: '', toolCalls: [call] }]);
    expect(prompt).toEqual([
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: call.input }],
      },
    ]);
  });
});

describe('toCallOptions', () => {
  it('passes tools (auto choice), the output limit, the temperature and the abort signal', () => {
    const signal = new AbortController().signal;
    const options = toCallOptions({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }],
      maxOutputTokens: 100,
      temperature: 0.7,
      signal,
    });
    expect(options).toMatchObject({
      tools: [{ type: 'function', name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }],
      toolChoice: { type: 'auto' },
      maxOutputTokens: 100,
      temperature: 0.7,
      abortSignal: signal,
    });
  });

  it('forces the named tool when the request says so', () => {
    const options = toCallOptions({
      model: 'm',
      messages: [{ role: 'user', content: 'plan it' }],
      tools: [{ name: 'create_plan', inputSchema: { type: 'object' } }],
      toolChoice: { type: 'tool', name: 'create_plan' },
    });
    expect(options.toolChoice).toEqual({ type: 'tool', toolName: 'create_plan' });
  });

  it('sends no tool fields without tools', () => {
    const options = toCallOptions({ model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(options).not.toHaveProperty('tools');
    expect(options).not.toHaveProperty('toolChoice');
  });
});
