/** The Anthropic Messages API: `POST /v1/messages` (named SSE events), `GET /v1/models`, `x-api-key`. */
import {
  BAD_KEY,
  type Exchange,
  newId,
  pace,
  sendJson,
  sseFrame,
  startEventStream,
  tokensBeforeFailure,
} from './exchange.js';
import { type NativeSearch, nativeSearchOf } from './native-search.js';
import {
  countPromptTokens,
  type DeclaredTool,
  forcedTool,
  jsonPieces,
  planReply,
  type Turn,
} from './script.js';

type Block = {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  tool_use_id?: string;
  content?: unknown;
};
interface AnthropicMessage {
  role: string;
  content: string | Block[];
}

export async function handleAnthropicApi(exchange: Exchange): Promise<void> {
  const key = exchange.headers['x-api-key'];
  if (typeof key !== 'string' || !key || key === BAD_KEY) {
    return sendError(exchange, 401, key ? 'invalid x-api-key' : 'x-api-key header is required');
  }
  if (!exchange.headers['anthropic-version'])
    return sendError(exchange, 400, 'anthropic-version: header is required');
  const { method, path } = exchange;
  if (method === 'GET' && path === '/v1/models') {
    const data = exchange.models.map((id) => ({
      type: 'model',
      id,
      display_name: id,
      created_at: '2024-03-07T00:00:00Z',
    }));
    return sendJson(exchange, 200, {
      data,
      has_more: false,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    });
  }
  if (method === 'POST' && path === '/v1/messages') return createMessage(exchange);
  sendError(exchange, 404, `Not found: ${path}`);
}

async function createMessage(exchange: Exchange) {
  const body = exchange.body as {
    model: string;
    messages: AnthropicMessage[];
    stream?: boolean;
    max_tokens?: number;
    /** Function tools have an `input_schema`; server tools a `type` (`web_search_20250305`). */
    tools?: { name: string; type?: string; input_schema?: Record<string, unknown> }[];
    /** `auto`, `none`, `any` (some tool call) or `tool` (the named one). */
    tool_choice?: { type: string; name?: string };
  };
  if (!exchange.models.includes(body.model)) return sendError(exchange, 404, `model: ${body.model}`);
  if (!body.max_tokens) return sendError(exchange, 400, 'max_tokens: Field required');
  if (!body.stream) return sendError(exchange, 400, 'The model server only streams: set stream to true.');
  const searchTool = body.tools?.find((tool) => tool.type?.startsWith('web_search_'));
  const search = searchTool && nativeSearchOf(turnOf(body.messages).lastUserText);
  if (search) return answerWithSearch(exchange, body.model, search, countPromptTokens(body.messages));
  const declared: DeclaredTool[] = (body.tools ?? [])
    .filter((tool) => !tool.type?.startsWith('web_search_'))
    .map((tool) => ({
      name: tool.name,
      inputSchema: tool.input_schema ?? {},
    }));
  const choice = body.tool_choice;
  const forced = forcedTool(
    declared,
    choice?.type === 'any' ? 'any' : choice?.type === 'tool' ? { name: choice.name ?? '' } : undefined,
  );
  if (typeof forced === 'string') return sendError(exchange, 400, forced);
  exchange.record.forcedTool = forced?.name;
  const reply = planReply({ ...turnOf(body.messages), forcedTool: forced });
  if (reply.kind === 'error') return sendError(exchange, reply.status);

  const { res } = exchange;
  const send = (type: string, data: object) => res.write(sseFrame({ type, ...data }, type));
  const inputTokens = countPromptTokens(body.messages);
  startEventStream(exchange);
  send('message_start', {
    message: {
      id: newId('msg_'),
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  });

  let outputTokens: number;
  let stopReason: string;
  if (reply.kind === 'text') {
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    send('ping', {});
    const sent = await pace(exchange, tokensBeforeFailure(reply), reply.delayMs, (text) =>
      send('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
    );
    if (!sent) return;
    if (reply.failAfter !== undefined) {
      send('error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
      return res.end();
    }
    outputTokens = reply.tokens.length;
    stopReason = 'end_turn';
  } else {
    send('content_block_start', {
      index: 0,
      content_block: { type: 'tool_use', id: newId('toolu_'), name: reply.name, input: {} },
    });
    const pieces = jsonPieces(reply.input);
    const sent = await pace(exchange, pieces, reply.delayMs, (partial_json) =>
      send('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json } }),
    );
    if (!sent) return;
    outputTokens = pieces.length + 1;
    stopReason = 'tool_use';
  }
  send('content_block_stop', { index: 0 });
  send('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  });
  send('message_stop', {});
  res.end();
}

/**
 * The `web_search` server tool's answer as the Messages API streams it: a `server_tool_use` block
 * (its input as JSON deltas), a `web_search_tool_result` block with the results, then text blocks,
 * a cited one carrying `citations_delta`s (web_search_result_location) before its text.
 */
async function answerWithSearch(
  exchange: Exchange,
  model: string,
  search: NativeSearch,
  inputTokens: number,
) {
  const { res } = exchange;
  const send = (type: string, data: object) => res.write(sseFrame({ type, ...data }, type));
  startEventStream(exchange);
  send('message_start', {
    message: {
      id: newId('msg_'),
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  });
  const toolUseId = newId('srvtoolu_');
  send('content_block_start', {
    index: 0,
    content_block: { type: 'server_tool_use', id: toolUseId, name: 'web_search', input: {} },
  });
  for (const partial_json of jsonPieces({ query: search.query })) {
    send('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json } });
  }
  send('content_block_stop', { index: 0 });
  send('content_block_start', {
    index: 1,
    content_block: {
      type: 'web_search_tool_result',
      tool_use_id: toolUseId,
      content: search.results.map((result) => ({
        type: 'web_search_result',
        url: result.url,
        title: result.title,
        encrypted_content: Buffer.from(result.snippet).toString('base64'),
        page_age: null,
      })),
    },
  });
  send('content_block_stop', { index: 1 });
  for (const [offset, part] of search.parts.entries()) {
    const index = offset + 2;
    send('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const cited of part.cites) {
      const result = search.results[cited];
      if (!result) continue;
      send('content_block_delta', {
        index,
        delta: {
          type: 'citations_delta',
          citation: {
            type: 'web_search_result_location',
            cited_text: result.snippet,
            url: result.url,
            title: result.title,
            encrypted_index: Buffer.from(String(cited)).toString('base64'),
          },
        },
      });
    }
    send('content_block_delta', { index, delta: { type: 'text_delta', text: part.text } });
    send('content_block_stop', { index });
  }
  send('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: search.parts.length, server_tool_use: { web_search_requests: 1 } },
  });
  send('message_stop', {});
  res.end();
}

function turnOf(messages: AnthropicMessage[]): Turn {
  const blocks = (message?: AnthropicMessage): Block[] =>
    typeof message?.content === 'string'
      ? [{ type: 'text', text: message.content }]
      : (message?.content ?? []);
  const textOf = (content: unknown): string =>
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((b: Block) => b.text ?? '').join('')
        : '';
  const userTurns = messages.filter((message) => message.role === 'user');
  const last = userTurns.at(-1);
  const lastUserText = blocks(userTurns.findLast((m) => blocks(m).some((b) => b.type === 'text')))
    .filter((b) => b.type === 'text')
    .map((b) => b.text)
    .join('');
  const result = blocks(last).find((block) => block.type === 'tool_result');
  if (!result || last !== messages.at(-1)) return { lastUserText };
  const call = messages
    .flatMap(blocks)
    .find((block) => block.type === 'tool_use' && block.id === result.tool_use_id);
  return { lastUserText, toolResult: { name: call?.name ?? '?', content: textOf(result.content) } };
}

const ERROR_TYPES: Record<number, [type: string, message: string]> = {
  400: ['invalid_request_error', 'messages: text content blocks must be non-empty'],
  401: ['authentication_error', 'invalid x-api-key'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'Not found'],
  413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
  429: ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.'],
  500: ['api_error', 'Internal server error'],
  529: ['overloaded_error', 'Overloaded'],
};

function sendError(exchange: Exchange, status: number, message?: string) {
  const [type, defaultMessage] = ERROR_TYPES[status] ?? ['api_error', `HTTP ${status}`];
  sendJson(
    exchange,
    status,
    { type: 'error', error: { type, message: message ?? defaultMessage }, request_id: newId('req_') },
    { 'request-id': newId('req_') },
  );
}
