import type { PlanTool } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { scriptedModel, textTurn } from '../../testing/scripted-model.js';
import type { ModelStreamEvent } from '../models/model-provider.js';
import { callForcedTool } from './forced-tool-call.js';
import { CREATE_PLAN_TOOL, createPlanTool } from './planner-prompts.js';

const echo: PlanTool = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  readOnly: true,
};
const add: PlanTool = {
  name: 'add',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  },
  readOnly: false,
};
const tools = [echo, add];

async function* toolTurn(name: string, input: unknown): AsyncIterable<ModelStreamEvent> {
  yield { type: 'tool-call', toolCall: { id: 't1', name, input } };
  yield { type: 'finish', reason: 'tool-calls', usage: { inputTokens: 30, outputTokens: 12 } };
}

describe('a forced tool call', () => {
  it('forces the create_plan call and returns its input with the tokens used', async () => {
    const plan = { steps: [{ description: 'Say hi', tool: 'echo', arguments: { message: 'hi' } }] };
    const { provider, requests } = scriptedModel([() => toolTurn(CREATE_PLAN_TOOL, plan)]);
    const result = await callForcedTool(provider, {
      model: 'm',
      system: 'plan',
      messages: [{ role: 'user', content: 'Say hi' }],
      tool: createPlanTool('mcp', tools),
      signal: new AbortController().signal,
    });
    expect(result).toEqual({ input: plan, usage: { inputTokens: 30, outputTokens: 12 } });
    expect(requests[0]).toMatchObject({ toolChoice: { type: 'tool', name: 'create_plan' } });
    expect(requests[0]?.tools?.[0]?.inputSchema).toMatchObject({
      properties: { steps: { items: { properties: { tool: { enum: ['echo', 'add'] } } } } },
    });
  });

  it('refuses a model that answers without calling create_plan', async () => {
    const { provider } = scriptedModel([() => textTurn('Here is my plan: ...')]);
    await expect(
      callForcedTool(provider, {
        model: 'm',
        system: 'plan',
        messages: [{ role: 'user', content: 'x' }],
        tool: createPlanTool('single_agent', tools),
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('The model did not call create_plan.');
  });
});
