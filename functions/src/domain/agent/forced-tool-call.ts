import { ValidationError } from '../errors.js';
import type {
  ModelMessage,
  ModelProvider,
  ModelToolDefinition,
  ModelUsage,
} from '../models/model-provider.js';

const PLANNER_MAX_OUTPUT_TOKENS = 4096;

/** One model turn that must call `tool`; its input (unparsed) and the tokens it used. */
export async function callForcedTool(
  provider: ModelProvider,
  request: {
    model: string;
    system: string;
    messages: ModelMessage[];
    tool: ModelToolDefinition;
    signal: AbortSignal;
  },
): Promise<{ input: unknown; usage: ModelUsage }> {
  let input: unknown;
  const usage: ModelUsage = { inputTokens: 0, outputTokens: 0 };
  for await (const event of provider.stream({
    model: request.model,
    system: request.system,
    messages: request.messages,
    tools: [request.tool],
    toolChoice: { type: 'tool', name: request.tool.name },
    maxOutputTokens: PLANNER_MAX_OUTPUT_TOKENS,
    signal: request.signal,
  })) {
    if (event.type === 'tool-call' && event.toolCall.name === request.tool.name && input === undefined) {
      input = event.toolCall.input;
    } else if (event.type === 'finish') {
      usage.inputTokens += event.usage.inputTokens;
      usage.outputTokens += event.usage.outputTokens;
    }
  }
  if (input === undefined) throw new ValidationError(`The model did not call ${request.tool.name}.`);
  return { input, usage };
}
