import type {
  ContentBlock,
  ConverseStreamCommandInput,
  ImageFormat,
  Message,
  ToolConfiguration,
  ToolUseBlock,
} from '@aws-sdk/client-bedrock-runtime';
import type { ModelMessage, ModelRequest, ModelUserPart } from '../../domain/models/model-provider.js';

type DocumentType = NonNullable<ToolUseBlock['input']>;

/** Our request as a Converse(Stream) input; `request.model` is the id Bedrock is called with. */
export function toConverseInput(request: ModelRequest): ConverseStreamCommandInput {
  return {
    modelId: request.model,
    messages: toConverseMessages(request.messages),
    ...(request.system && { system: [{ text: request.system }] }),
    ...((request.maxOutputTokens !== undefined || request.temperature !== undefined) && {
      inferenceConfig: {
        ...(request.maxOutputTokens !== undefined && { maxTokens: request.maxOutputTokens }),
        ...(request.temperature !== undefined && { temperature: request.temperature }),
      },
    }),
    ...(request.tools?.length && { toolConfig: toToolConfig(request.tools, request.toolChoice) }),
  };
}

/**
 * Converse wants strictly alternating user/assistant turns, tool results as `toolResult` blocks
 * of a user turn, and no empty text blocks; adjacent turns of one role are therefore merged.
 */
export function toConverseMessages(messages: ModelMessage[]): Message[] {
  const turns: Message[] = [];
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const content = toContentBlocks(message);
    if (content.length === 0) continue;
    const previous = turns.at(-1);
    if (previous?.role === role) previous.content = [...(previous.content ?? []), ...content];
    else turns.push({ role, content });
  }
  return turns;
}

function toContentBlocks(message: ModelMessage): ContentBlock[] {
  switch (message.role) {
    case 'user':
      if (typeof message.content !== 'string') return message.content.flatMap(toUserBlock);
      return message.content ? [{ text: message.content }] : [];
    case 'assistant':
      return [
        ...(message.content ? [{ text: message.content }] : []),
        ...(message.toolCalls ?? []).map(
          (call): ContentBlock => ({
            toolUse: { toolUseId: call.id, name: call.name, input: (call.input ?? {}) as DocumentType },
          }),
        ),
      ];
    case 'tool':
      return [
        {
          toolResult: {
            toolUseId: message.toolCallId,
            content: [{ text: message.content || '(empty)' }],
            status: message.isError ? 'error' : 'success',
          },
        },
      ];
  }
}

/** Converse's image block takes the format without `image/` (png, jpeg, gif, webp). */
function toUserBlock(part: ModelUserPart): ContentBlock[] {
  if (part.type === 'text') return part.text ? [{ text: part.text }] : [];
  const format = part.mediaType.replace(/^image\//, '') as ImageFormat;
  return [{ image: { format, source: { bytes: part.data } } }];
}

function toToolConfig(
  tools: NonNullable<ModelRequest['tools']>,
  choice: ModelRequest['toolChoice'],
): ToolConfiguration {
  return {
    tools: tools.map((tool) => ({
      toolSpec: {
        name: tool.name,
        ...(tool.description && { description: tool.description }),
        inputSchema: { json: tool.inputSchema as DocumentType },
      },
    })),
    // Without one, Converse lets the model choose (auto).
    ...(choice && { toolChoice: { tool: { name: choice.name } } }),
  };
}
