/** The Gemini API: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`, `GET /v1beta/models`. */
import { googleEmbeddings } from './embeddings.js';
import { BAD_KEY, type Exchange, pace, sendJson, startEventStream, tokensBeforeFailure } from './exchange.js';
import { type NativeSearch, nativeSearchOf } from './native-search.js';
import { countPromptTokens, type DeclaredTool, forcedTool, planReply, type Turn } from './script.js';

interface Part {
  text?: string;
  functionCall?: { name: string; args?: unknown };
  functionResponse?: { name: string; response?: unknown };
}
interface Content {
  role?: string;
  parts: Part[];
}
interface FunctionDeclaration {
  name: string;
  /** An OpenAPI subset of JSON Schema; `parametersJsonSchema` is plain JSON Schema. */
  parameters?: Record<string, unknown>;
  parametersJsonSchema?: Record<string, unknown>;
}
interface GenerateRequest {
  contents: Content[];
  /** `googleSearch`: grounding with Google Search (the provider's own web search). */
  tools?: { functionDeclarations?: FunctionDeclaration[]; googleSearch?: object }[];
  /** Mode `ANY`: some function call, among `allowedFunctionNames` when given. */
  toolConfig?: { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } };
}

export async function handleGoogleApi(exchange: Exchange): Promise<void> {
  const headerKey = exchange.headers['x-goog-api-key'];
  const key = typeof headerKey === 'string' ? headerKey : exchange.query.get('key');
  if (!key) {
    return sendError(
      exchange,
      403,
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  }
  // The real API answers a wrong key with 400 INVALID_ARGUMENT + reason API_KEY_INVALID, not 401.
  if (key === BAD_KEY)
    return sendError(exchange, 400, 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');

  const { method, path } = exchange;
  if (method === 'GET' && path === '/v1beta/models') {
    const models = exchange.models.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    }));
    return sendJson(exchange, 200, { models });
  }
  if (googleEmbeddings(exchange, (status, message) => sendError(exchange, status, message))) return;
  const stream = path.match(/^\/v1beta\/models\/([^:]+):streamGenerateContent$/);
  if (method === 'POST' && stream && exchange.query.get('alt') === 'sse')
    return streamContent(exchange, stream[1] ?? '');
  sendError(exchange, 404, `Not found: ${path}`);
}

async function streamContent(exchange: Exchange, model: string) {
  if (!exchange.models.includes(model)) {
    return sendError(
      exchange,
      404,
      `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    );
  }
  const body = exchange.body as GenerateRequest;
  const search =
    body.tools?.some((tool) => tool.googleSearch) && nativeSearchOf(turnOf(body.contents).lastUserText);
  if (search) return answerGrounded(exchange, model, search, countPromptTokens(body.contents));
  const declared: DeclaredTool[] = (body.tools ?? [])
    .flatMap((tool) => tool.functionDeclarations ?? [])
    .map((f) => ({ name: f.name, inputSchema: f.parameters ?? f.parametersJsonSchema ?? {} }));
  const config = body.toolConfig?.functionCallingConfig;
  const allowed = config?.allowedFunctionNames ?? [];
  const forced = forcedTool(
    declared,
    config?.mode !== 'ANY' ? undefined : allowed.length === 1 ? { name: allowed[0] ?? '' } : 'any',
  );
  if (typeof forced === 'string') return sendError(exchange, 400, forced);
  exchange.record.forcedTool = forced?.name;
  const reply = planReply({ ...turnOf(body.contents), forcedTool: forced });
  if (reply.kind === 'error') return sendError(exchange, reply.status);

  const promptTokenCount = countPromptTokens(body.contents);
  const chunk = (parts: Part[], extra: object = {}, candidatesTokenCount?: number) =>
    `data: ${JSON.stringify({
      candidates: [{ content: { parts, role: 'model' }, index: 0, ...extra }],
      usageMetadata: {
        promptTokenCount,
        ...(candidatesTokenCount !== undefined && { candidatesTokenCount }),
        totalTokenCount: promptTokenCount + (candidatesTokenCount ?? 0),
      },
      modelVersion: model,
      responseId: 'resp-model-server',
    })}\r\n\r\n`;
  startEventStream(exchange);
  const { res } = exchange;

  if (reply.kind === 'text') {
    const last = reply.failAfter === undefined ? reply.tokens.length - 1 : -1;
    const sent = await pace(exchange, tokensBeforeFailure(reply), reply.delayMs, (text, index) =>
      res.write(
        index === last ? chunk([{ text }], { finishReason: 'STOP' }, reply.tokens.length) : chunk([{ text }]),
      ),
    );
    if (sent && reply.failAfter !== undefined) {
      const error = {
        code: 503,
        message: 'The model is overloaded. Please try again later.',
        status: 'UNAVAILABLE',
      };
      res.write(`data: ${JSON.stringify({ error })}\r\n\r\n`);
    }
    if (sent) res.end();
    return;
  }
  // Gemini sends a function call whole, with finishReason STOP.
  const call = { functionCall: { name: reply.name, args: reply.input } };
  if (
    await pace(exchange, [call], reply.delayMs, (part) =>
      res.write(chunk([part], { finishReason: 'STOP' }, 1)),
    )
  ) {
    res.end();
  }
}

/**
 * A reply grounded with Google Search as the Gemini API streams it: the text in chunks, the last
 * with `groundingMetadata` (the queries, `groundingChunks` with each page's `web` uri and title,
 * and `groundingSupports`: which chunks back which segment of the text, by byte offsets).
 */
async function answerGrounded(
  exchange: Exchange,
  model: string,
  search: NativeSearch,
  promptTokenCount: number,
) {
  const { res } = exchange;
  let text = '';
  const supports = search.parts.flatMap((part) => {
    const startIndex = Buffer.byteLength(text);
    text += part.text;
    return part.cites.length
      ? [
          {
            segment: { startIndex, endIndex: Buffer.byteLength(text), text: part.text },
            groundingChunkIndices: part.cites,
          },
        ]
      : [];
  });
  const groundingMetadata = {
    webSearchQueries: [search.query],
    searchEntryPoint: { renderedContent: '<div>Google Search suggestions</div>' },
    groundingChunks: search.results.map((result) => ({ web: { uri: result.url, title: result.title } })),
    groundingSupports: supports,
  };
  startEventStream(exchange);
  for (const [index, part] of search.parts.entries()) {
    const last = index === search.parts.length - 1;
    const candidate = {
      content: { parts: [{ text: part.text }], role: 'model' },
      index: 0,
      ...(last ? { finishReason: 'STOP', groundingMetadata } : {}),
    };
    res.write(
      `data: ${JSON.stringify({
        candidates: [candidate],
        usageMetadata: {
          promptTokenCount,
          ...(last ? { candidatesTokenCount: search.parts.length } : {}),
          totalTokenCount: promptTokenCount + (last ? search.parts.length : 0),
        },
        modelVersion: model,
        responseId: 'resp-model-server',
      })}\r\n\r\n`,
    );
  }
  res.end();
}

function turnOf(contents: Content[]): Turn {
  const lastUserText =
    contents
      .findLast((content) => content.role === 'user' && content.parts.some((part) => part.text))
      ?.parts.map((part) => part.text ?? '')
      .join('') ?? '';
  const response = contents.at(-1)?.parts.find((part) => part.functionResponse)?.functionResponse;
  if (!response) return { lastUserText };
  const result = response.response as { content?: unknown } | undefined;
  const content =
    typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content ?? result);
  return { lastUserText, toolResult: { name: response.name, content } };
}

const STATUSES: Record<number, [status: string, message: string]> = {
  400: ['INVALID_ARGUMENT', 'Request contains an invalid argument.'],
  403: ['PERMISSION_DENIED', 'The caller does not have permission'],
  404: ['NOT_FOUND', 'Requested entity was not found.'],
  429: ['RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'],
  500: [
    'INTERNAL',
    'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  ],
  503: ['UNAVAILABLE', 'The model is overloaded. Please try again later.'],
};

function sendError(exchange: Exchange, code: number, message?: string, reason?: string) {
  const [status, defaultMessage] = STATUSES[code] ?? ['UNKNOWN', `HTTP ${code}`];
  const details = reason
    ? [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason,
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]
    : undefined;
  sendJson(exchange, code, {
    error: { code, message: message ?? defaultMessage, status, ...(details && { details }) },
  });
}
