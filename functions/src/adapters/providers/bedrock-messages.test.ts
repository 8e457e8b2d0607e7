import { describe, expect, it } from 'vitest';
import { toConverseInput, toConverseMessages } from './bedrock-messages.js';

describe('toConverseMessages', () => {
  it('puts tool results in a user turn and merges adjacent turns of one role', () => {
    const messages = toConverseMessages([
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 't1', name: 'get_weather', input: { city: 'Paris' } }],
      },
      { role: 'tool', toolCallId: 't1', toolName: 'get_weather', content: 'sunny' },
      { role: 'user', content: 'And tomorrow?' },
    ]);
    expect(messages).toEqual([
      { role: 'user', content: [{ text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: 't1', name: 'get_weather', input: { city: 'Paris' } } }],
      },
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 't1', content: [{ text: 'sunny' }], status: 'success' } },
          { text: 'And tomorrow?' },
        ],
      },
    ]);
  });

  it('drops empty turns (Converse rejects blank text blocks) and marks failed tools', () => {
    const messages = toConverseMessages([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'again' },
      { role: 'tool', toolCallId: 't', toolName: 'x', content: '', isError: true },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { text: 'hi' },
          { text: 'again' },
          { toolResult: { toolUseId: 't', content: [{ text: '(empty)' }], status: 'error' } },
        ],
      },
    ]);
  });
});

describe('toConverseInput', () => {
  it('maps the model, system prompt, output limit, temperature and tools', () => {
    expect(
      toConverseInput({
        model: 'anthropic.claude-3-haiku-20240307-v1:0',
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'hi' }],
        maxOutputTokens: 256,
        temperature: 0.3,
        tools: [{ name: 'echo', description: 'Echoes', inputSchema: { type: 'object' } }],
      }),
    ).toEqual({
      modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
      messages: [{ role: 'user', content: [{ text: 'hi' }] }],
      system: [{ text: 'Be brief.' }],
      inferenceConfig: { maxTokens: 256, temperature: 0.3 },
      toolConfig: {
        tools: [
          { toolSpec: { name: 'echo', description: 'Echoes', inputSchema: { json: { type: 'object' } } } },
        ],
      },
    });
  });

  it('forces the named tool when the request says so, and leaves the choice to the model otherwise', () => {
    const tools = [{ name: 'create_plan', inputSchema: { type: 'object' } }];
    const messages = [{ role: 'user' as const, content: 'plan it' }];
    expect(
      toConverseInput({ model: 'm', messages, tools, toolChoice: { type: 'tool', name: 'create_plan' } })
        .toolConfig,
    ).toEqual({
      tools: [{ toolSpec: { name: 'create_plan', inputSchema: { json: { type: 'object' } } } }],
      toolChoice: { tool: { name: 'create_plan' } },
    });
    expect(toConverseInput({ model: 'm', messages, tools }).toolConfig).not.toHaveProperty('toolChoice');
  });
});
