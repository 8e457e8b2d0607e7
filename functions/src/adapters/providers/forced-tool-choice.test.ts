/**
 * A forced tool choice (the planner's `create_plan`, the Generic Agent's `revise_plan`) through
 * each real adapter, over HTTP, against the model server speaking each provider's protocol.
 */
import { BedrockClient } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ModelServer,
  type RecordedRequest,
  startModelServer,
} from '../../../../test/support/model-server/index.js';
import {
  type ModelStreamEvent,
  type ModelToolDefinition,
  ProviderError,
  type ProviderId,
} from '../../domain/models/model-provider.js';
import { createGuardedFetch } from '../net/guarded-fetch.js';
import { createBedrockCatalogue } from './bedrock-catalogue.js';
import { createModelProvider } from './index.js';

const localFetch = createGuardedFetch({ allowPrivate: true });

const MODELS: Record<ProviderId, string> = {
  bedrock: 'claude-3-haiku-20240307',
  anthropic: 'claude-3-haiku-20240307',
  openai: 'gpt-4o-mini',
  google: 'gemini-2.5-flash',
  mistral: 'mistral-small-latest',
  custom: 'llama3.2:latest',
};
const PROVIDERS = Object.keys(MODELS) as ProviderId[];

/** What each protocol carries for "call create_plan", as the adapter's client library writes it. */
const FORCED_CHOICE_ON_THE_WIRE: Record<ProviderId, (body: Record<string, unknown>) => unknown> = {
  openai: (body) => body.tool_choice,
  custom: (body) => body.tool_choice,
  anthropic: (body) => body.tool_choice,
  // No named choice in Mistral's API: the other tools are left out and some tool call is required.
  mistral: (body) => ({
    tool_choice: body.tool_choice,
    tools: (body.tools as { function: { name: string } }[]).map((tool) => tool.function.name),
  }),
  google: (body) => body.toolConfig,
  bedrock: (body) => (body.toolConfig as { toolChoice?: unknown }).toolChoice,
};
const EXPECTED_CHOICE: Record<ProviderId, unknown> = {
  openai: { type: 'function', function: { name: 'create_plan' } },
  custom: { type: 'function', function: { name: 'create_plan' } },
  anthropic: { type: 'tool', name: 'create_plan' },
  mistral: { tool_choice: 'any', tools: ['create_plan'] },
  google: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['create_plan'] } },
  bedrock: { tool: { name: 'create_plan' } },
};

const stepsOf = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties: {
    steps: { type: 'array', items: { type: 'object', properties, required: ['description'] } },
  },
  required: ['steps'],
});
const text = { type: 'string' };
const strings = { type: 'array', items: text };
const PLAN_SCHEMAS = {
  single: stepsOf({ description: text }),
  mcp: stepsOf({
    description: text,
    tool: { type: 'string', enum: ['add', 'echo'] },
    arguments: { type: 'object' },
  }),
  mcpWithoutEcho: stepsOf({
    description: text,
    tool: { type: 'string', enum: ['add', 'multiply'] },
    arguments: { type: 'object' },
  }),
  multi: stepsOf({
    id: text,
    description: text,
    role: text,
    instructions: text,
    tools: strings,
    dependsOn: strings,
  }),
};
const createPlan = (inputSchema: Record<string, unknown>): ModelToolDefinition => ({
  name: 'create_plan',
  description: 'Turn the goal into steps',
  inputSchema,
});
const REVISE_PLAN: ModelToolDefinition = {
  name: 'revise_plan',
  description: 'Revise the remaining steps',
  inputSchema: {
    type: 'object',
    properties: { done: { type: 'boolean' }, steps: stepsOf({}).properties.steps },
  },
};
const ECHO: ModelToolDefinition = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { message: text } },
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.stop();
});

function adapterFor(provider: ProviderId) {
  const bedrock = () =>
    new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: server.url,
      credentials: { accessKeyId: 'good-key', secretAccessKey: 'test-secret' },
      maxAttempts: 1,
    });
  const bedrockCatalogue = createBedrockCatalogue({
    client: () =>
      new BedrockClient({
        region: 'us-east-1',
        endpoint: server.url,
        credentials: { accessKeyId: 'good-key', secretAccessKey: 'test-secret' },
        maxAttempts: 1,
      }),
    region: 'us-east-1',
  });
  const baseUrl = provider === 'bedrock' ? undefined : server.baseUrls[provider];
  return createModelProvider(
    { provider, apiKey: 'good-key', baseUrl },
    { bedrock, bedrockCatalogue, fetch: localFetch },
  );
}

/** One forced turn: its events, and the request the server saw. */
async function forced(
  provider: ProviderId,
  goal: string,
  tools: ModelToolDefinition[],
  name = 'create_plan',
) {
  const events: ModelStreamEvent[] = [];
  const stream = adapterFor(provider).stream({
    model: MODELS[provider],
    system: 'Plan the goal.',
    messages: [{ role: 'user', content: goal }],
    tools,
    toolChoice: { type: 'tool', name },
  });
  for await (const event of stream) events.push(event);
  const calls = events.flatMap((event) => (event.type === 'tool-call' ? [event.toolCall] : []));
  return { events, calls, request: server.requests.at(-1) as RecordedRequest };
}

describe.each(PROVIDERS)('%s adapter, forced tool choice', (provider) => {
  it('forces create_plan on the wire and yields one call with the [[plan]] input', async () => {
    const plan = { steps: [{ description: 'Say hi', tool: 'echo', arguments: { message: 'hi' } }] };
    const { events, calls, request } = await forced(provider, `Greet me [[plan:${JSON.stringify(plan)}]]`, [
      ECHO,
      createPlan(PLAN_SCHEMAS.mcp),
    ]);

    expect(calls).toEqual([{ id: expect.any(String), name: 'create_plan', input: plan }]);
    expect(events.filter((event) => event.type === 'text-delta')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
    expect(request.forcedTool).toBe('create_plan');
    expect(FORCED_CHOICE_ON_THE_WIRE[provider](request.body as Record<string, unknown>)).toEqual(
      EXPECTED_CHOICE[provider],
    );
  });

  it.each(Object.keys(PLAN_SCHEMAS) as (keyof typeof PLAN_SCHEMAS)[])(
    'plans by default from the %s schema, as the request declared it',
    async (shape) => {
      const { calls } = await forced(provider, '  Compare   the two  ', [createPlan(PLAN_SCHEMAS[shape])]);
      const expected = {
        single: {
          steps: [{ description: 'Understand: Compare the two' }, { description: 'Answer: Compare the two' }],
        },
        mcp: {
          steps: [{ description: 'Call echo', tool: 'echo', arguments: { message: 'Compare the two' } }],
        },
        mcpWithoutEcho: { steps: [{ description: 'Call add', tool: 'add', arguments: {} }] },
        multi: {
          steps: [
            {
              id: 's1',
              description: 'Research: Compare the two',
              role: 'researcher',
              instructions: 'Find the facts.',
              dependsOn: [],
              tools: [],
            },
            {
              id: 's2',
              description: 'Draft: Compare the two',
              role: 'writer',
              instructions: 'Write it up.',
              dependsOn: [],
              tools: [],
            },
          ],
        },
      }[shape];
      expect(calls).toEqual([{ id: expect.any(String), name: 'create_plan', input: expected }]);
    },
  );

  it('fails with the [[error]] status even when forced', async () => {
    const failure = await forced(provider, 'Plan [[error:429]]', [createPlan(PLAN_SCHEMAS.single)]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).kind).toBe('rate_limit');
  });
});

describe('forced revise_plan', () => {
  it('keeps the steps by default and takes the [[replan]] input when given', async () => {
    const kept = await forced('anthropic', 'Step 1 done.', [ECHO, REVISE_PLAN], 'revise_plan');
    expect(kept.calls).toEqual([{ id: expect.any(String), name: 'revise_plan', input: { done: false } }]);
    expect(kept.request.forcedTool).toBe('revise_plan');

    const revision = { done: false, steps: [{ description: 'One more look' }] };
    const revised = await forced(
      'bedrock',
      `Step 1 done. [[replan:${JSON.stringify(revision)}]]`,
      [ECHO, REVISE_PLAN],
      'revise_plan',
    );
    expect(revised.calls).toEqual([{ id: expect.any(String), name: 'revise_plan', input: revision }]);
  });
});

describe('without a tool choice', () => {
  it.each(PROVIDERS)('%s leaves the choice to the model (the script answers text)', async (provider) => {
    const events: ModelStreamEvent[] = [];
    const stream = adapterFor(provider).stream({
      model: MODELS[provider],
      messages: [{ role: 'user', content: 'Plan a trip' }],
      tools: [createPlan(PLAN_SCHEMAS.single)],
    });
    for await (const event of stream) events.push(event);
    const answer = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(answer).toBe('Echo: Plan a trip');
    expect(server.requests.at(-1)?.forcedTool).toBeUndefined();
  });
});
