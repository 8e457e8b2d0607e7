import type {
  JSONSchema7,
  LanguageModelV3CallOptions,
  LanguageModelV3FilePart,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ProviderTool,
  LanguageModelV3TextPart,
  LanguageModelV3ToolChoice,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';
import type {
  ModelMessage,
  ModelRequest,
  ModelToolDefinition,
  ModelUserPart,
} from '../../domain/models/model-provider.js';

/**
 * Our request in the AI SDK's language-model terms (the input of `doStream`). `webSearchTool`: the
 * provider's own search tool, offered when the request asks for web search (a function tool of the
 * same name gives way to it).
 */
export function toCallOptions(
  request: ModelRequest,
  webSearchTool?: LanguageModelV3ProviderTool,
): LanguageModelV3CallOptions {
  const search = request.webSearch ? webSearchTool : undefined;
  const functions = (request.tools ?? []).filter((tool) => tool.name !== search?.name).map(toFunctionTool);
  const all = search ? [...functions, search] : functions;
  const tools = all.length ? all : undefined;
  return {
    prompt: toPrompt(request.system, request.messages),
    ...(tools && { tools, toolChoice: toToolChoice(request.toolChoice) }),
    ...(request.maxOutputTokens !== undefined && { maxOutputTokens: request.maxOutputTokens }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
    ...(request.signal && { abortSignal: request.signal }),
  };
}

function toToolChoice(choice: ModelRequest['toolChoice']): LanguageModelV3ToolChoice {
  return choice ? { type: 'tool', toolName: choice.name } : { type: 'auto' };
}

export function toPrompt(system: string | undefined, messages: ModelMessage[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system ? [{ role: 'system', content: system }] : [];
  for (const message of messages) {
    const converted = toMessage(message);
    const previous = prompt.at(-1);
    // Consecutive tool results answer one assistant turn: the APIs want them in one message.
    if (converted.role === 'tool' && previous?.role === 'tool') previous.content.push(...converted.content);
    else prompt.push(converted);
  }
  return prompt;
}

function toMessage(message: ModelMessage): LanguageModelV3Message {
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content }]
            : message.content.map(toUserPart),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
          ...(message.toolCalls ?? []).map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: call.input,
          })),
        ],
      };
    case 'tool': {
      const result: LanguageModelV3ToolResultPart = {
        type: 'tool-result',
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        output: { type: message.isError ? 'error-text' : 'text', value: message.content },
      };
      return { role: 'tool', content: [result] };
    }
  }
}

/** An image is a `file` part: each provider package turns it into its API's image block. */
function toUserPart(part: ModelUserPart): LanguageModelV3TextPart | LanguageModelV3FilePart {
  return part.type === 'text'
    ? { type: 'text', text: part.text }
    : { type: 'file', mediaType: part.mediaType, data: part.data };
}

function toFunctionTool(tool: ModelToolDefinition): LanguageModelV3FunctionTool {
  return {
    type: 'function',
    name: tool.name,
    ...(tool.description !== undefined && { description: tool.description }),
    inputSchema: tool.inputSchema as JSONSchema7,
  };
}
