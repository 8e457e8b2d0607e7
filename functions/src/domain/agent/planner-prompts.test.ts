import { MAX_PLAN_STEPS, type PlanTool } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { createPlanTool, outputForPrompt, plannerSystemPrompt, revisePlanTool } from './planner-prompts.js';

const echo: PlanTool = {
  name: 'echo',
  description: 'Echoes.',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
  readOnly: true,
};

describe("the planner's prompts", () => {
  it('asks each mode for the steps it carries, bounded by the plan size, tools named from the server', () => {
    type StepList = { maxItems: number; items: { required: string[]; properties: Record<string, unknown> } };
    const stepsOf = (mode: Parameters<typeof createPlanTool>[0]) =>
      (createPlanTool(mode, [echo]).inputSchema as { properties: { steps: StepList } }).properties.steps;
    expect(stepsOf('mcp').items.required).toEqual(['description', 'tool', 'arguments']);
    expect(stepsOf('mcp').items.properties.tool).toMatchObject({ enum: ['echo'] });
    expect(stepsOf('multi_agent').items.required).toEqual(['id', 'description', 'role']);
    expect(stepsOf('single_agent').items.required).toEqual(['description']);
    expect(stepsOf('generic_agent').maxItems).toBe(MAX_PLAN_STEPS);
    expect(revisePlanTool).toMatchObject({ name: 'revise_plan', inputSchema: { required: ['done'] } });
  });

  it("lists the server's tools with their schemas in the system prompt, or says there are none", () => {
    const prompt = plannerSystemPrompt('mcp', [echo]);
    expect(prompt).toContain('call create_plan');
    expect(prompt).toContain('- echo: Echoes. Input schema: {"type":"object"');
    expect(plannerSystemPrompt('single_agent', [])).toContain('The MCP server offers no tools.');
  });

  it("carries at most 4,000 characters of an earlier step's output", () => {
    const step = { id: 's1', description: 'd', status: 'completed' as const, requiresConfirmation: false };
    expect(outputForPrompt({ ...step, output: 'short' })).toBe('short');
    expect(outputForPrompt({ ...step, output: 'x'.repeat(4_001) })).toBe(`${'x'.repeat(4_000)}… [cut]`);
    expect(outputForPrompt(step)).toBe('');
  });
});
