/**
 * The model server's script for forced tools (test/support/model-server/script.ts). Here because
 * only the unit project's globs run unit tests; the protocols are in forced-tool-choice.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type DeclaredTool, forcedTool, planReply } from '../../../../test/support/model-server/script.js';

const planTool = (stepProperties: Record<string, unknown>): DeclaredTool => ({
  name: 'create_plan',
  inputSchema: {
    type: 'object',
    properties: { steps: { type: 'array', items: { type: 'object', properties: stepProperties } } },
  },
});
const text = { type: 'string' };
const SINGLE = planTool({ description: text });
const inputOf = (lastUserText: string, tool: DeclaredTool) => {
  const reply = planReply({ lastUserText, forcedTool: tool });
  expect(reply).toMatchObject({ kind: 'tool', name: tool.name });
  return reply.kind === 'tool' ? reply.input : undefined;
};

describe('create_plan', () => {
  it('takes the [[plan]] marker verbatim', () => {
    const plan = { steps: [{ description: 'x', dependsOn: ['a'] }], note: 'kept' };
    expect(inputOf(`Do it [[plan:${JSON.stringify(plan)}]] now`, SINGLE)).toEqual(plan);
  });

  it('plans two plain steps for a schema without tool or role (Single and Generic Agent), keeping run markers', () => {
    expect(inputOf(' Book \n a  trip [[slow:5]] [[replan:{"done":true}]]', SINGLE)).toEqual({
      steps: [
        { description: 'Understand: Book a trip [[slow:5]]' },
        { description: 'Answer: Book a trip [[slow:5]]' },
      ],
    });
    expect(inputOf('Book a trip', { name: 'create_plan', inputSchema: {} })).toEqual({
      steps: [{ description: 'Understand: Book a trip' }, { description: 'Answer: Book a trip' }],
    });
  });

  it('plans one call of echo with the goal, or of the first tool offered, for a tool property (MCP Server)', () => {
    const withEcho = planTool({ description: text, tool: { type: 'string', enum: ['add', 'echo'] } });
    expect(inputOf('Say hi', withEcho)).toEqual({
      steps: [{ description: 'Call echo', tool: 'echo', arguments: { message: 'Say hi' } }],
    });
    const withoutEcho = planTool({ description: text, tool: { type: 'string', enum: ['add', 'multiply'] } });
    expect(inputOf('Say hi', withoutEcho)).toEqual({
      steps: [{ description: 'Call add', tool: 'add', arguments: {} }],
    });
  });

  it('plans two independent specialist steps for a role property (Multi Agent), tools only if declared', () => {
    const steps = (extra: object) => [
      {
        id: 's1',
        description: 'Research: Compare A and B',
        role: 'researcher',
        instructions: 'Find the facts.',
        dependsOn: [],
        ...extra,
      },
      {
        id: 's2',
        description: 'Draft: Compare A and B',
        role: 'writer',
        instructions: 'Write it up.',
        dependsOn: [],
        ...extra,
      },
    ];
    expect(inputOf('Compare A and B', planTool({ role: text }))).toEqual({ steps: steps({}) });
    expect(inputOf('Compare A and B', planTool({ role: text, tools: { type: 'array' } }))).toEqual({
      steps: steps({ tools: [] }),
    });
  });
});

describe('forced tools', () => {
  const revise: DeclaredTool = { name: 'revise_plan', inputSchema: { type: 'object' } };

  it('revise_plan keeps the steps by default and takes the [[replan]] marker', () => {
    expect(inputOf('Step done.', revise)).toEqual({ done: false });
    expect(inputOf('Step done. [[replan:{"done":true,"reason":"enough"}]]', revise)).toEqual({
      done: true,
      reason: 'enough',
    });
  });

  it('calls any other forced tool with an empty input', () => {
    expect(inputOf('Go [[tool:echo {"message":"x"}]]', { name: 'pick', inputSchema: {} })).toEqual({});
  });

  it('calls the forced tool even after a tool result, at the [[slow]] pace, unless [[error]]', () => {
    expect(
      planReply({
        lastUserText: 'Plan [[slow:30]]',
        toolResult: { name: 'echo', content: 'x' },
        forcedTool: SINGLE,
      }),
    ).toMatchObject({ kind: 'tool', name: 'create_plan', delayMs: 30 });
    expect(planReply({ lastUserText: 'Plan [[error:503]]', forcedTool: SINGLE })).toEqual({
      kind: 'error',
      status: 503,
    });
  });

  it('answers as before when nothing is forced', () => {
    expect(planReply({ lastUserText: 'hi [[plan:{}]]' })).toMatchObject({
      kind: 'text',
      tokens: ['Echo:', ' hi'],
    });
  });
});

describe('forcedTool', () => {
  const tools: DeclaredTool[] = [SINGLE, { name: 'echo', inputSchema: {} }];

  it('finds the named tool, or the only one offered when some tool call is required', () => {
    expect(forcedTool(tools, { name: 'create_plan' })).toBe(SINGLE);
    expect(forcedTool([SINGLE], 'any')).toBe(SINGLE);
    expect(forcedTool(tools, 'any')).toBeUndefined();
    expect(forcedTool(tools, undefined)).toBeUndefined();
  });

  it('answers a name the request does not declare with the message of a 400', () => {
    expect(forcedTool(tools, { name: 'nope' })).toMatch(/'nope'.*not among the declared tools/);
  });
});
