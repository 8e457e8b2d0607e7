/**
 * OpenAI's Responses API, `POST /v1/responses` with `stream: true`, in its wire format (the events
 * the real API sends, each with its `sequence_number`): `response.created`, `response.in_progress`,
 * output items (`message` with `output_text` deltas and `url_citation` annotations,
 * `function_call` with argument deltas, `web_search_call` with its search action), and
 * `response.completed` with usage. The replies follow script.ts; with the `web_search` tool and a
 * `[[search:<query>]]` marker the model searches (native-search.ts) and cites the results the way
 * OpenAI writes them: an inline markdown link after the passage, the annotation's range over it.
 */
import { type Exchange, newId, pace, sseFrame, startEventStream, tokensBeforeFailure } from './exchange.js';
import { type NativeSearch, nativeSearchOf } from './native-search.js';
import { sendError, sendUnknownModel } from './openai-errors.js';
import {
  countPromptTokens,
  type DeclaredTool,
  forcedTool,
  jsonPieces,
  planReply,
  type Turn,
} from './script.js';

interface InputItem {
  type?: string;
  role?: string;
  content?: string | { type: string; text?: string }[];
  call_id?: string;
  name?: string;
  output?: unknown;
}
interface ResponsesTool {
  type: string;
  name?: string;
  parameters?: Record<string, unknown>;
}
interface ResponsesBody {
  model: string;
  input?: InputItem[];
  stream?: boolean;
  tools?: ResponsesTool[];
  tool_choice?: string | { type: string; name?: string };
}

export async function createResponse(exchange: Exchange): Promise<void> {
  const body = exchange.body as ResponsesBody;
  if (!exchange.models.includes(body.model)) return sendUnknownModel('openai', exchange, body.model);
  if (!body.stream)
    return sendError('openai', exchange, 400, 'The model server only streams: set stream to true.');
  const input = body.input ?? [];
  const turn = turnOf(input);
  const search = body.tools?.some((tool) => tool.type === 'web_search') && nativeSearchOf(turn.lastUserText);
  const declared: DeclaredTool[] = (body.tools ?? [])
    .filter((tool) => tool.type === 'function')
    .map((tool) => ({ name: tool.name ?? '', inputSchema: tool.parameters ?? {} }));
  const choice = body.tool_choice;
  const forced = forcedTool(
    declared,
    choice === 'required' ? 'any' : typeof choice === 'object' ? { name: choice.name ?? '' } : undefined,
  );
  if (typeof forced === 'string') return sendError('openai', exchange, 400, forced);
  exchange.record.forcedTool = forced?.name;
  const reply = search ? undefined : planReply({ ...turn, forcedTool: forced });
  if (reply?.kind === 'error') return sendError('openai', exchange, reply.status);

  const stream = responseStream(exchange, body.model);
  const inputTokens = countPromptTokens(input);
  startEventStream(exchange);
  stream.send('response.created', { response: stream.snapshot('in_progress') });
  stream.send('response.in_progress', { response: stream.snapshot('in_progress') });

  let outputTokens: number;
  if (search) {
    searchCall(stream, search);
    outputTokens = message(stream, search.parts, search.results);
  } else if (reply?.kind === 'text') {
    const item = stream.openMessage();
    const tokens = tokensBeforeFailure(reply);
    if (!(await pace(exchange, tokens, reply.delayMs, (delta) => item.delta(delta)))) return;
    if (reply.failAfter !== undefined) {
      stream.send('error', {
        code: 'server_error',
        message: 'The server had an error processing your request.',
        param: null,
      });
      return exchange.res.end();
    }
    item.close([]);
    outputTokens = reply.tokens.length;
  } else if (reply?.kind === 'tool') {
    const pieces = jsonPieces(reply.input);
    const item = { id: newId('fc_'), type: 'function_call', call_id: newId('call_'), name: reply.name };
    const output_index = stream.add({ ...item, status: 'in_progress', arguments: '' });
    const sent = await pace(exchange, pieces, reply.delayMs, (delta) =>
      stream.send('response.function_call_arguments.delta', { item_id: item.id, output_index, delta }),
    );
    if (!sent) return;
    const args = JSON.stringify(reply.input);
    stream.send('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: args });
    stream.done(output_index, { ...item, status: 'completed', arguments: args });
    outputTokens = pieces.length + 1;
  } else return;

  const usage = {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
  stream.send('response.completed', { response: { ...stream.snapshot('completed'), usage } });
  exchange.res.end();
}

type Stream = ReturnType<typeof responseStream>;

/** The events of one response: numbered, and the output items kept for the final snapshot. */
function responseStream(exchange: Exchange, model: string) {
  const id = newId('resp_');
  const createdAt = Math.floor(Date.now() / 1000);
  const output: object[] = [];
  let sequence = 0;
  const send = (type: string, data: object) =>
    exchange.res.write(sseFrame({ type, sequence_number: sequence++, ...data }, type));
  const stream = {
    send,
    snapshot: (status: string) => ({
      id,
      object: 'response',
      created_at: createdAt,
      status,
      model,
      output,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      usage: null,
    }),
    /** `response.output_item.added`; returns the item's output_index. */
    add(item: object): number {
      send('response.output_item.added', { output_index: output.length, item });
      output.push(item);
      return output.length - 1;
    },
    done(output_index: number, item: object) {
      output[output_index] = item;
      send('response.output_item.done', { output_index, item });
    },
    /** An assistant message with one output_text part, its text streamed in deltas. */
    openMessage() {
      const item = { id: newId('msg_'), type: 'message', role: 'assistant' };
      const output_index = stream.add({ ...item, status: 'in_progress', content: [] });
      const at = { item_id: item.id, output_index, content_index: 0 };
      send('response.content_part.added', {
        ...at,
        part: { type: 'output_text', text: '', annotations: [] },
      });
      let text = '';
      return {
        get length() {
          return text.length;
        },
        delta(delta: string) {
          text += delta;
          send('response.output_text.delta', { ...at, delta, logprobs: [] });
        },
        annotate(annotation_index: number, annotation: object) {
          send('response.output_text.annotation.added', { ...at, annotation_index, annotation });
        },
        close(annotations: object[]) {
          const part = { type: 'output_text', text, annotations, logprobs: [] };
          send('response.output_text.done', { ...at, text, logprobs: [] });
          send('response.content_part.done', { ...at, part });
          stream.done(output_index, { ...item, status: 'completed', content: [part] });
        },
      };
    },
  };
  return stream;
}

/** The `web_search_call` item: in progress, searching, completed with its action and sources. */
function searchCall(stream: Stream, search: NativeSearch) {
  const id = newId('ws_');
  const output_index = stream.add({ id, type: 'web_search_call', status: 'in_progress' });
  for (const step of ['in_progress', 'searching', 'completed'])
    stream.send(`response.web_search_call.${step}`, { output_index, item_id: id });
  stream.done(output_index, {
    id,
    type: 'web_search_call',
    status: 'completed',
    action: {
      type: 'search',
      query: search.query,
      sources: search.results.map((result) => ({ type: 'url', url: result.url })),
    },
  });
}

/**
 * The answer: each citing part followed by its citation as OpenAI writes them (` ([host](url))`),
 * the `url_citation` annotation spanning that link. Returns the output tokens (one per part).
 */
function message(stream: Stream, parts: NativeSearch['parts'], results: NativeSearch['results']): number {
  const item = stream.openMessage();
  const annotations: object[] = [];
  for (const part of parts) {
    item.delta(part.text);
    for (const cited of part.cites) {
      const result = results[cited];
      if (!result) continue;
      const link = ` ([${new URL(result.url).host}](${result.url}))`;
      const annotation = {
        type: 'url_citation',
        start_index: item.length + 1,
        end_index: item.length + link.length,
        url: result.url,
        title: result.title,
      };
      item.delta(link);
      item.annotate(annotations.length, annotation);
      annotations.push(annotation);
    }
  }
  item.close(annotations);
  return parts.length;
}

function turnOf(input: InputItem[]): Turn {
  const text = (item?: InputItem) =>
    typeof item?.content === 'string'
      ? item.content
      : (item?.content ?? []).map((part) => (part.type === 'input_image' ? '' : (part.text ?? ''))).join('');
  const lastUser = input.findLast((item) => item.role === 'user');
  const last = input.at(-1);
  if (last?.type !== 'function_call_output') return { lastUserText: text(lastUser) };
  const call = input.find((item) => item.type === 'function_call' && item.call_id === last.call_id);
  const output = typeof last.output === 'string' ? last.output : JSON.stringify(last.output);
  return {
    lastUserText: text(lastUser),
    toolResult: { name: call?.name ?? '?', content: output },
    toolResults: input
      .slice(lastUser ? input.lastIndexOf(lastUser) : 0)
      .filter((item) => item.type === 'function_call_output').length,
  };
}
