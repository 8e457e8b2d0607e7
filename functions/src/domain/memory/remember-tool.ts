import { MAX_MEMORY_FACT_LENGTH, memoryFactTextSchema } from '@agentforge/shared';
import type { ToolSet } from '../chat/ports.js';
import type { ModelToolDefinition } from '../models/model-provider.js';

/** The tool a reply offers while memory is on: its call is a proposal the user approves in the chat. */
export const REMEMBER_TOOL = 'remember';

export const REMEMBER_PROPOSED =
  'Proposed to the user, who saves it to memory or dismisses it in the chat. Do not claim it is saved.';

const definition: ModelToolDefinition = {
  name: REMEMBER_TOOL,
  description:
    'Propose a short fact about the user to remember in later chats (their preferences, names, context). Use it when the user asks you to remember something, or states something lasting about themselves. Nothing is saved until the user approves it.',
  inputSchema: {
    type: 'object',
    properties: {
      fact: {
        type: 'string',
        description: 'The fact, in the third person or as the user said it, one sentence.',
        maxLength: MAX_MEMORY_FACT_LENGTH,
      },
    },
    required: ['fact'],
  },
};

/**
 * `tools` with `remember` added (docs/decisions/chat.md, "Memory"). Its call writes nothing: the
 * reply saves it as a tool call named `remember` with the fact as its input, which the chat shows as
 * a card with Save and Dismiss (Save adds the fact through the users API). A server tool of the
 * same name keeps it (the model then has no remember tool on that turn).
 */
export function withRememberTool(tools: ToolSet | undefined): ToolSet {
  if (tools?.definitions.some((tool) => tool.name === REMEMBER_TOOL)) return tools;
  return {
    serverId: tools?.serverId ?? '',
    ...(tools?.serverName ? { serverName: tools.serverName } : {}),
    definitions: [...(tools?.definitions ?? []), definition],
    async call(name, input, signal, onProgress) {
      if (name !== REMEMBER_TOOL) {
        if (!tools) return { content: `Unknown tool: ${name}`, isError: true };
        return tools.call(name, input, signal, onProgress);
      }
      const fact = memoryFactTextSchema.safeParse((input as { fact?: unknown } | null)?.fact);
      if (!fact.success) return { content: fact.error.issues[0]?.message ?? 'Invalid fact', isError: true };
      return { content: REMEMBER_PROPOSED, isError: false };
    },
    needsApproval: (name) => name !== REMEMBER_TOOL && (tools?.needsApproval?.(name) ?? false),
    serverOf: (name) => (name === REMEMBER_TOOL ? undefined : tools?.serverOf?.(name)),
  };
}
