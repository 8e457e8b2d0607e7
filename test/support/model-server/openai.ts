/**
 * OpenAI Chat Completions and its look-alikes: Mistral (`/v1/chat/completions`, usage on the
 * last chunk, whole tool calls in one delta) and Custom (Ollama/vLLM: key optional). OpenAI's
 * Responses API (web search turns) is in openai-responses.ts.
 */
import { openAiEmbeddings } from './embeddings.js';
import {
  BAD_KEY,
  bearerToken,
  type Exchange,
  newId,
  pace,
  sendJson,
  sseFrame,
  startEventStream,
  tokensBeforeFailure,
} from './exchange.js';
import { handleAudioApi } from './openai-audio.js';
import { type ChatDialect, sendError, sendUnknownModel } from './openai-errors.js';
import { createResponse } from './openai-responses.js';
import {
  countPromptTokens,
  type DeclaredTool,
  forcedTool,
  jsonPieces,
  planReply,
  type Turn,
} from './script.js';

interface ChatMessage {
  role: string;
  content?: string | { type: string; text?: string }[] | null;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string } }[];
}

interface ChatTool {
  type: string;
  function: { name: string; parameters?: Record<string, unknown> };
}
/** `auto`, `none`, some tool call (`required`; Mistral: `any`) or a named function. */
type ChatToolChoice = string | { type: string; function: { name: string } };

export async function handleChatApi(dialect: ChatDialect, exchange: Exchange, raw: Buffer): Promise<void> {
  const { method, path } = exchange;
  if (!authorized(dialect, exchange)) return;
  if (method === 'GET' && path === '/v1/models') return listModels(dialect, exchange);
  if (dialect === 'openai' && method === 'POST' && path.startsWith('/v1/audio/'))
    return handleAudioApi(exchange, raw);
  if (method === 'POST' && path === '/v1/chat/completions') return chatCompletion(dialect, exchange);
  if (dialect === 'openai' && method === 'POST' && path === '/v1/responses') return createResponse(exchange);
  if (method === 'POST' && path === '/v1/embeddings' && (dialect === 'openai' || dialect === 'mistral')) {
    openAiEmbeddings(dialect, exchange);
    return;
  }
  sendError(dialect, exchange, 404, `Unknown path ${path}`);
}

function authorized(dialect: ChatDialect, exchange: Exchange): boolean {
  const key = bearerToken(exchange.headers);
  if (dialect === 'custom' ? key === BAD_KEY : !key || key === BAD_KEY) {
    const message = key
      ? `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`
      : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
    sendError(dialect, exchange, 401, message);
    return false;
  }
  return true;
}

function listModels(dialect: ChatDialect, exchange: Exchange) {
  const owner = { openai: 'system', mistral: 'mistralai', custom: 'library' }[dialect];
  const data = exchange.models.map((id) => ({
    id,
    object: 'model',
    created: 1_721_172_741,
    owned_by: owner,
  }));
  sendJson(exchange, 200, { object: 'list', data });
}

async function chatCompletion(dialect: ChatDialect, exchange: Exchange) {
  const body = exchange.body as {
    model: string;
    messages: ChatMessage[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    tools?: ChatTool[];
    tool_choice?: ChatToolChoice;
  };
  if (!exchange.models.includes(body.model)) return sendUnknownModel(dialect, exchange, body.model);
  if (!body.stream)
    return sendError(dialect, exchange, 400, 'The model server only streams: set stream to true.');
  const forced = forcedTool(declaredTools(body.tools), toolChoice(body.tool_choice));
  if (typeof forced === 'string') return sendError(dialect, exchange, 400, forced);
  exchange.record.forcedTool = forced?.name;
  const reply = planReply({ ...turnOf(body.messages), forcedTool: forced });
  if (reply.kind === 'error') return sendError(dialect, exchange, reply.status);

  const id = newId('chatcmpl-');
  const chunk = (delta: object, finishReason: string | null = null, extra: object = {}) =>
    sseFrame({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...extra,
    });
  startEventStream(exchange);
  const { res } = exchange;
  res.write(chunk({ role: 'assistant', content: '' }));

  let completionTokens: number;
  let finishReason: string;
  if (reply.kind === 'text') {
    const tokens = tokensBeforeFailure(reply);
    if (!(await pace(exchange, tokens, reply.delayMs, (token) => res.write(chunk({ content: token })))))
      return;
    if (reply.failAfter !== undefined) return failMidStream(dialect, exchange);
    completionTokens = reply.tokens.length;
    finishReason = 'stop';
  } else {
    const callId = dialect === 'mistral' ? newId('m') : newId('call_');
    const head = { index: 0, id: callId, type: 'function', function: { name: reply.name, arguments: '' } };
    // OpenAI streams the arguments in pieces; Mistral and Ollama send the whole call at once.
    const pieces = dialect === 'openai' ? jsonPieces(reply.input) : [JSON.stringify(reply.input)];
    if (dialect === 'openai') res.write(chunk({ tool_calls: [head] }));
    const sent = await pace(exchange, pieces, reply.delayMs, (piece) =>
      res.write(
        chunk({
          tool_calls: [
            dialect === 'openai'
              ? { index: 0, function: { arguments: piece } }
              : { ...head, function: { name: reply.name, arguments: piece } },
          ],
        }),
      ),
    );
    if (!sent) return;
    completionTokens = pieces.length + 1;
    finishReason = 'tool_calls';
  }

  const usage = {
    prompt_tokens: countPromptTokens(body.messages),
    completion_tokens: completionTokens,
    total_tokens: countPromptTokens(body.messages) + completionTokens,
  };
  if (dialect === 'mistral') {
    res.write(chunk({ content: '' }, finishReason, { usage }));
  } else {
    res.write(chunk({}, finishReason));
    if (body.stream_options?.include_usage)
      res.write(sseFrame({ id, object: 'chat.completion.chunk', choices: [], usage }));
  }
  res.end(sseFrame('[DONE]'));
}

function declaredTools(tools: ChatTool[] = []): DeclaredTool[] {
  return tools.map(({ function: f }) => ({ name: f.name, inputSchema: f.parameters ?? {} }));
}

function toolChoice(choice: ChatToolChoice | undefined): { name: string } | 'any' | undefined {
  if (choice === 'any' || choice === 'required') return 'any';
  return typeof choice === 'object' ? { name: choice.function.name } : undefined;
}

function turnOf(messages: ChatMessage[]): Turn {
  const text = (message?: ChatMessage) =>
    typeof message?.content === 'string'
      ? message.content
      : (message?.content ?? []).map((part) => part.text ?? '').join('');
  const lastUser = messages.findLast((message) => message.role === 'user');
  const last = messages.at(-1);
  if (last?.role !== 'tool') return { lastUserText: text(lastUser) };
  const call = messages
    .flatMap((message) => message.tool_calls ?? [])
    .find((c) => c.id === last.tool_call_id);
  return {
    lastUserText: text(lastUser),
    toolResult: { name: call?.function.name ?? '?', content: text(last) },
    toolResults: messages
      .slice(lastUser ? messages.lastIndexOf(lastUser) : 0)
      .filter((m) => m.role === 'tool').length,
  };
}

/** OpenAI (and Ollama) send an error object as an SSE data line; Mistral has no such format: the connection drops. */
function failMidStream(dialect: ChatDialect, exchange: Exchange) {
  // A moment first, or the tokens still buffered would be lost with the socket.
  if (dialect === 'mistral') return void setTimeout(() => exchange.res.destroy(), 20);
  const error = {
    message: 'The server had an error while processing your request.',
    type: 'server_error',
    param: null,
    code: null,
  };
  exchange.res.end(sseFrame({ error }));
}
