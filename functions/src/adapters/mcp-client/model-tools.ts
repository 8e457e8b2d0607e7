import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ModelToolDefinition } from '../../domain/models/model-provider.js';

/** A server's tools as the model is offered them: name, description, schema, read-only hints. */
export function toModelTools(tools: readonly Tool[]): ModelToolDefinition[] {
  return tools.map((tool) => ({
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(tool.annotations
      ? {
          annotations: {
            ...(tool.annotations.readOnlyHint !== undefined && {
              readOnlyHint: tool.annotations.readOnlyHint,
            }),
            ...(tool.annotations.destructiveHint !== undefined && {
              destructiveHint: tool.annotations.destructiveHint,
            }),
          },
        }
      : {}),
  }));
}
