/**
 * Bedrock ConverseStream: `POST /model/{modelId}/converse-stream` answering
 * `application/vnd.amazon.eventstream` frames (binary, CRC-checked) as the AWS SDK decodes them.
 */
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { handleBedrockCatalogue } from './bedrock-catalogue.js';
import { bedrockEmbeddings } from './embeddings.js';
import {
  BAD_KEY,
  bearerToken,
  type Exchange,
  newId,
  pace,
  sendJson,
  tokensBeforeFailure,
} from './exchange.js';
import {
  countPromptTokens,
  type DeclaredTool,
  forcedTool,
  jsonPieces,
  planReply,
  type Reply,
  type Turn,
} from './script.js';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

interface Block {
  text?: string;
  toolUse?: { toolUseId: string; name: string };
  toolResult?: { toolUseId: string; content: { text?: string }[] };
}
interface ConverseMessage {
  role: string;
  content: Block[];
}
interface ToolConfig {
  tools?: { toolSpec?: { name: string; inputSchema?: { json?: Record<string, unknown> } } }[];
  /** One of `auto: {}`, `any: {}` (some tool call), `tool: { name }`. */
  toolChoice?: { any?: object; tool?: { name: string } };
}

/** ConverseStream's in-stream exceptions by the HTTP status they stand for. */
const STREAM_EXCEPTIONS: Record<number, string> = {
  429: 'throttlingException',
  500: 'internalServerException',
  503: 'serviceUnavailableException',
};

export async function handleBedrockApi(exchange: Exchange): Promise<void> {
  // SigV4 (`Credential=<access key id>/...`) or a Bedrock API key (`Bearer`).
  const authorization = exchange.headers.authorization ?? '';
  const accessKeyId = authorization.match(/Credential=([^/]+)\//)?.[1] ?? bearerToken(exchange.headers);
  if (!accessKeyId)
    return sendError(exchange, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  if (accessKeyId === BAD_KEY) {
    return sendError(
      exchange,
      403,
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
    );
  }
  if (exchange.method === 'GET' && ['/foundation-models', '/inference-profiles'].includes(exchange.path)) {
    return handleBedrockCatalogue(exchange, exchange.retired);
  }
  const invoke = exchange.path.match(/^\/model\/([^/]+)\/invoke$/);
  if (exchange.method === 'POST' && invoke) {
    const handled = bedrockEmbeddings(
      exchange,
      decodeURIComponent(invoke[1] ?? ''),
      (status, name, message) => sendError(exchange, status, name, message),
    );
    if (handled) return;
  }
  const route = exchange.path.match(/^\/model\/([^/]+)\/(converse|converse-stream)$/);
  if (exchange.method !== 'POST' || !route)
    return sendError(exchange, 404, 'UnknownOperationException', 'Not found');
  const modelId = decodeURIComponent(route[1] ?? '');
  if (exchange.retired.includes(modelId)) {
    return sendError(exchange, 404, undefined, 'This model version has reached the end of its life.');
  }
  if (!exchange.models.includes(modelId)) {
    return sendError(exchange, 400, 'ValidationException', 'The provided model identifier is invalid.');
  }
  const body = exchange.body as {
    messages: ConverseMessage[];
    toolConfig?: ToolConfig;
    inferenceConfig?: { maxTokens?: number };
  };
  const declared: DeclaredTool[] = (body.toolConfig?.tools ?? []).flatMap(({ toolSpec }) =>
    toolSpec ? [{ name: toolSpec.name, inputSchema: toolSpec.inputSchema?.json ?? {} }] : [],
  );
  const choice = body.toolConfig?.toolChoice;
  const forced = forcedTool(
    declared,
    choice?.tool ? { name: choice.tool.name } : choice?.any ? 'any' : undefined,
  );
  if (typeof forced === 'string') return sendError(exchange, 400, 'ValidationException', forced);
  exchange.record.forcedTool = forced?.name;
  const reply = planReply({ ...turnOf(body.messages), forcedTool: forced });
  if (reply.kind === 'error') return sendError(exchange, reply.status);
  if (route[2] === 'converse') return converse(exchange, reply, body);

  const { res } = exchange;
  const send = (eventType: string, payload: object) => {
    const headers: MessageHeaders = {
      ':event-type': { type: 'string', value: eventType },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    };
    // Real frames carry a `p` field of random length so sizes do not reveal the content.
    res.write(codec.encode({ headers, body: fromUtf8(JSON.stringify({ ...payload, p: 'abcdefgh' })) }));
  };
  res.writeHead(200, {
    'content-type': 'application/vnd.amazon.eventstream',
    'x-amzn-requestid': newId('req-'),
  });
  send('messageStart', { role: 'assistant' });

  let outputTokens: number;
  let stopReason: string;
  if (reply.kind === 'text') {
    // As Bedrock does, the reply stops at maxTokens (`max_tokens`): a word token counts one.
    const maxTokens = body.inferenceConfig?.maxTokens;
    const tokens = tokensBeforeFailure(reply).slice(0, maxTokens);
    const sent = await pace(exchange, tokens, reply.delayMs, (text) =>
      send('contentBlockDelta', { contentBlockIndex: 0, delta: { text } }),
    );
    if (!sent) return;
    if (reply.failAfter !== undefined && (maxTokens === undefined || reply.failAfter < maxTokens)) {
      const headers: MessageHeaders = {
        ':exception-type': {
          type: 'string',
          value: STREAM_EXCEPTIONS[reply.failWith ?? 503] ?? 'serviceUnavailableException',
        },
        ':content-type': { type: 'string', value: 'application/json' },
        ':message-type': { type: 'string', value: 'exception' },
      };
      const body = fromUtf8(
        JSON.stringify({
          message:
            reply.failWith === 429
              ? 'Too many requests, please wait before trying again.'
              : 'Bedrock is unable to process your request.',
        }),
      );
      return res.end(codec.encode({ headers, body }));
    }
    outputTokens = tokens.length;
    stopReason = maxTokens !== undefined && reply.tokens.length > maxTokens ? 'max_tokens' : 'end_turn';
  } else {
    send('contentBlockStart', {
      contentBlockIndex: 0,
      start: { toolUse: { toolUseId: newId('tooluse_'), name: reply.name } },
    });
    const pieces = jsonPieces(reply.input);
    const sent = await pace(exchange, pieces, reply.delayMs, (input) =>
      send('contentBlockDelta', { contentBlockIndex: 0, delta: { toolUse: { input } } }),
    );
    if (!sent) return;
    outputTokens = pieces.length + 1;
    stopReason = 'tool_use';
  }
  send('contentBlockStop', { contentBlockIndex: 0 });
  send('messageStop', { stopReason });
  const inputTokens = countPromptTokens(body.messages);
  send('metadata', {
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs: 42 },
  });
  res.end();
}

/** Converse: the whole reply as one JSON answer (text to maxTokens, or the tool call). */
function converse(
  exchange: Exchange,
  reply: Exclude<Reply, { kind: 'error' }>,
  body: { messages: ConverseMessage[]; inferenceConfig?: { maxTokens?: number } },
) {
  const maxTokens = body.inferenceConfig?.maxTokens;
  const inputTokens = countPromptTokens(body.messages);
  const [content, outputTokens, stopReason] =
    reply.kind === 'text'
      ? [
          [{ text: reply.tokens.slice(0, maxTokens).join('') }],
          Math.min(reply.tokens.length, maxTokens ?? Number.POSITIVE_INFINITY),
          maxTokens !== undefined && reply.tokens.length > maxTokens ? 'max_tokens' : 'end_turn',
        ]
      : [
          [{ toolUse: { toolUseId: newId('tooluse_'), name: reply.name, input: reply.input } }],
          1,
          'tool_use',
        ];
  sendJson(
    exchange,
    200,
    {
      output: { message: { role: 'assistant', content } },
      stopReason,
      usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
      metrics: { latencyMs: 42 },
    },
    { 'x-amzn-requestid': newId('req-') },
  );
}

function turnOf(messages: ConverseMessage[]): Turn {
  const lastUserText =
    messages
      .findLast((message) => message.role === 'user' && message.content.some((block) => block.text))
      ?.content.map((block) => block.text ?? '')
      .join('') ?? '';
  const result = messages.at(-1)?.content.find((block) => block.toolResult)?.toolResult;
  if (!result) return { lastUserText };
  const call = messages
    .flatMap((message) => message.content)
    .find((block) => block.toolUse?.toolUseId === result.toolUseId)?.toolUse;
  const content = result.content.map((block) => block.text ?? '').join('');
  return { lastUserText, toolResult: { name: call?.name ?? '?', content } };
}

const EXCEPTIONS: Record<number, [name: string, message: string]> = {
  400: ['ValidationException', 'Malformed input request, please reformat your input and try again.'],
  403: ['AccessDeniedException', "You don't have access to the model with the specified model ID."],
  404: [
    'ResourceNotFoundException',
    'Could not resolve the foundation model from the provided model identifier.',
  ],
  408: ['ModelTimeoutException', 'Model has timed out in processing the request.'],
  429: ['ThrottlingException', 'Too many requests, please wait before trying again.'],
  500: ['InternalServerException', 'The server encountered an internal error.'],
  503: ['ServiceUnavailableException', 'Bedrock is unable to process your request.'],
};

/** A restJson1 error: the exception name in `x-amzn-errortype`, the message in the body. */
function sendError(exchange: Exchange, status: number, name?: string, message?: string) {
  const [defaultName, defaultMessage] = EXCEPTIONS[status] ?? ['InternalServerException', `HTTP ${status}`];
  const errorType = name ?? defaultName;
  sendJson(
    exchange,
    status,
    { message: message ?? defaultMessage },
    {
      'x-amzn-errortype': `${errorType}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
      'x-amzn-requestid': newId('req-'),
    },
  );
}
