import { MAX_PLAN_STEPS, type PlanTool } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { replanFromProposal, stepsFromProposal } from './plan-proposal.js';

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
const options = { autoRunReadOnly: true, stepId: (index: number) => `s${index + 1}` };

describe("the model's proposal", () => {
  it('makes MCP Server steps tool calls whose arguments fit the schema, confirming only what may change things', () => {
    const steps = stepsFromProposal(
      'mcp',
      {
        steps: [
          { description: 'Echo', tool: 'echo', arguments: { message: 'hi' } },
          { description: 'Add', tool: 'add', arguments: { a: 1, b: 2 } },
        ],
      },
      tools,
      options,
    );
    expect(steps).toEqual([
      {
        id: 's1',
        description: 'Echo',
        status: 'pending',
        tool: 'echo',
        arguments: { message: 'hi' },
        requiresConfirmation: false,
      },
      {
        id: 's2',
        description: 'Add',
        status: 'pending',
        tool: 'add',
        arguments: { a: 1, b: 2 },
        requiresConfirmation: true,
      },
    ]);
  });

  it.each([
    [{ steps: [] }, 'The plan was refused: it has no steps.'],
    [{ nothing: true }, 'The plan was refused: it is not a list of steps with descriptions.'],
    [
      { steps: [{ description: 'Delete', tool: 'rm', arguments: {} }] },
      'The plan was refused: step 1 uses an unknown tool: rm.',
    ],
    [
      { steps: [{ description: 'Add', tool: 'add', arguments: { a: 'one', b: 2 } }] },
      'The plan was refused: step 1: The arguments for add do not match its input: /a must be number',
    ],
    [
      {
        steps: Array.from({ length: MAX_PLAN_STEPS + 1 }, () => ({
          description: 'x',
          tool: 'echo',
          arguments: { message: 'x' },
        })),
      },
      `The plan was refused: it has more than ${MAX_PLAN_STEPS} steps.`,
    ],
  ])('refuses an MCP Server plan that is not valid: %j', (input, message) => {
    expect(() => stepsFromProposal('mcp', input, tools, options)).toThrow(message);
  });

  it('gives Multi Agent steps their roles, tools and dependencies, and appends the synthesis', () => {
    const steps = stepsFromProposal(
      'multi_agent',
      {
        steps: [
          { id: 'research', description: 'Find facts', role: 'researcher', tools: ['echo'] },
          { id: 'calc', description: 'Compute', role: 'executor', tools: ['add'] },
          { id: 'check', description: 'Review', role: 'reviewer', dependsOn: ['research', 'calc'] },
        ],
      },
      tools,
      options,
    );
    expect(steps.map((s) => [s.id, s.role, s.dependsOn, s.requiresConfirmation])).toEqual([
      ['s1', 'researcher', [], false],
      ['s2', 'executor', [], true],
      ['s3', 'reviewer', ['s1', 's2'], false],
      ['s4', 'synthesizer', ['s1', 's2', 's3'], false],
    ]);
    expect(() =>
      stepsFromProposal(
        'multi_agent',
        {
          steps: [
            { id: 'a', description: 'A', role: 'r', dependsOn: ['b'] },
            { id: 'b', description: 'B', role: 'r' },
          ],
        },
        tools,
        options,
      ),
    ).toThrow('The plan was refused: step 1 depends on "b", which is not an earlier step.');
  });

  it('makes Single Agent steps tasks that may use every tool', () => {
    const steps = stepsFromProposal('single_agent', { steps: [{ description: 'Do' }] }, tools, options);
    expect(steps).toEqual([{ id: 's1', description: 'Do', status: 'pending', requiresConfirmation: true }]);
  });

  it("takes a Generic Agent's revision, and refuses one that is not a list of steps", () => {
    expect(replanFromProposal({ done: false, remaining: [{ description: ' Next ' }], reason: 'r' })).toEqual({
      done: false,
      remaining: [{ description: 'Next' }],
      reason: 'r',
    });
    expect(() => replanFromProposal({ remaining: 'x' })).toThrow(
      'The plan was refused: the revision is not a list of steps.',
    );
  });
});
