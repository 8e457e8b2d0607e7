/**
 * The providers' embeddings APIs, answered with deterministic vectors that still carry meaning:
 * each text's words and their character trigrams are hashed (FNV-1a) onto signed coordinates of
 * the model's dimension and the sum is normalised, so texts sharing words lie close together and
 * retrieval quality can be measured offline. OpenAI's and Mistral's `/v1/embeddings`, Google's
 * `:embedContent` and `:batchEmbedContents`, Bedrock InvokeModel for Titan Text Embeddings V2 and
 * Cohere Embed, each with the API's own shapes and per-request limits.
 */
import { type Exchange, newId, sendJson } from './exchange.js';

/** The embedding models each API serves, with their (default) dimension. */
export const EMBEDDING_MODELS = {
  openai: { 'text-embedding-3-small': 1536, 'text-embedding-3-large': 3072 },
  mistral: { 'mistral-embed': 1024 },
  google: { 'gemini-embedding-001': 3072 },
  bedrock: {
    'amazon.titan-embed-text-v2:0': 1024,
    'cohere.embed-english-v3': 1024,
    'cohere.embed-multilingual-v3': 1024,
  },
} as const;

/** Per-request input limits, as the APIs document them. */
const MAX_INPUTS = { openai: 2048, mistral: 512, google: 100, cohere: 96 } as const;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A unit vector of `dimension` for `text`: hashed words (weight 1) and trigrams (weight 0.5). */
export function embedText(text: string, dimension: number): number[] {
  const vector = new Float64Array(dimension);
  const add = (feature: string, weight: number) => {
    const hash = fnv1a(feature);
    vector[hash % dimension] = (vector[hash % dimension] as number) + (hash & 0x80000000 ? -weight : weight);
  };
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    add(`w:${word}`, 1);
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.5);
  }
  let norm = Math.hypot(...vector);
  if (norm === 0) {
    vector[0] = 1;
    norm = 1;
  }
  return Array.from(vector, (x) => x / norm);
}

const approxTokens = (texts: readonly string[]) => texts.reduce((sum, t) => sum + Math.ceil(t.length / 4), 0);

/** OpenAI and Mistral: `POST /v1/embeddings` `{ model, input, dimensions? }`. */
export function openAiEmbeddings(dialect: 'openai' | 'mistral', exchange: Exchange): boolean {
  const body = (exchange.body ?? {}) as { model?: string; input?: unknown; dimensions?: number };
  const models: Record<string, number> = EMBEDDING_MODELS[dialect];
  const fail = (status: number, message: string) => {
    sendJson(exchange, status, { error: { message, type: 'invalid_request_error' } });
    return true;
  };
  const native = models[body.model ?? ''];
  if (!native) return fail(404, `The model '${body.model}' does not exist`);
  const input = typeof body.input === 'string' ? [body.input] : body.input;
  if (
    !Array.isArray(input) ||
    input.length === 0 ||
    !input.every((t) => typeof t === 'string' && t.length > 0)
  ) {
    return fail(400, "'input' must be a non-empty string or array of non-empty strings");
  }
  if (input.length > MAX_INPUTS[dialect]) return fail(400, `Too many inputs: at most ${MAX_INPUTS[dialect]}`);
  const dimension = body.dimensions ?? native;
  if (dimension < 1 || dimension > native) return fail(400, `dimensions must be from 1 to ${native}`);
  const tokens = approxTokens(input);
  sendJson(exchange, 200, {
    object: 'list',
    id: newId('embd-'),
    model: body.model,
    data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedText(text, dimension) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
  return true;
}

interface GoogleEmbedRequest {
  model?: string;
  content?: { parts?: { text?: string }[] };
  outputDimensionality?: number;
  taskType?: string;
}

/** Google: `models/{m}:embedContent` and `models/{m}:batchEmbedContents`; false when not one of them. */
export function googleEmbeddings(
  exchange: Exchange,
  fail: (status: number, message: string) => void,
): boolean {
  const match = exchange.path.match(/^\/v1beta\/models\/([^:]+):(embedContent|batchEmbedContents)$/);
  if (exchange.method !== 'POST' || !match) return false;
  const [, model = '', method] = match;
  const native = (EMBEDDING_MODELS.google as Record<string, number>)[model];
  if (!native) {
    fail(404, `models/${model} is not found for API version v1beta, or is not supported for embedContent.`);
    return true;
  }
  const one = (request: GoogleEmbedRequest): number[] | string => {
    const text = (request.content?.parts ?? []).map((p) => p.text ?? '').join(' ');
    if (!text) return 'content must have text';
    const dimension = request.outputDimensionality ?? native;
    if (dimension < 1 || dimension > native) return `outputDimensionality must be from 1 to ${native}`;
    return embedText(text, dimension);
  };
  const body = (exchange.body ?? {}) as GoogleEmbedRequest & { requests?: GoogleEmbedRequest[] };
  const requests = method === 'embedContent' ? [body] : (body.requests ?? []);
  if (requests.length === 0 || requests.length > MAX_INPUTS.google) {
    fail(400, `* BatchEmbedContentsRequest.requests: at most ${MAX_INPUTS.google} requests are allowed`);
    return true;
  }
  const vectors = requests.map(one);
  const error = vectors.find((v) => typeof v === 'string');
  if (typeof error === 'string') {
    fail(400, error);
    return true;
  }
  const values = vectors as number[][];
  sendJson(
    exchange,
    200,
    method === 'embedContent'
      ? { embedding: { values: values[0] } }
      : { embeddings: values.map((v) => ({ values: v })) },
  );
  return true;
}

/** Bedrock InvokeModel for the embedding models; false when the model is not one. */
export function bedrockEmbeddings(
  exchange: Exchange,
  modelId: string,
  fail: (status: number, name: string, message: string) => void,
): boolean {
  const native = (EMBEDDING_MODELS.bedrock as Record<string, number>)[modelId];
  if (!native) return false;
  const body = (exchange.body ?? {}) as {
    inputText?: unknown;
    dimensions?: number;
    normalize?: boolean;
    texts?: unknown;
    input_type?: string;
  };
  if (modelId.startsWith('amazon.titan-embed-text-v2')) {
    if (typeof body.inputText !== 'string' || !body.inputText) {
      fail(400, 'ValidationException', 'Malformed input request: inputText is required');
      return true;
    }
    const dimension = body.dimensions ?? native;
    if (![256, 512, 1024].includes(dimension)) {
      fail(400, 'ValidationException', 'Malformed input request: dimensions must be 256, 512 or 1024');
      return true;
    }
    // Titan V2 normalises by default; `normalize: false` gives the raw (here: scaled) vector.
    const vector = embedText(body.inputText, dimension).map((x) => (body.normalize === false ? x * 3 : x));
    sendJson(exchange, 200, {
      embedding: vector,
      embeddingsByType: { float: vector },
      inputTextTokenCount: approxTokens([body.inputText]),
    });
    return true;
  }
  const texts = body.texts;
  if (
    !Array.isArray(texts) ||
    texts.length === 0 ||
    texts.length > MAX_INPUTS.cohere ||
    !texts.every((t) => typeof t === 'string')
  ) {
    fail(
      400,
      'ValidationException',
      `Malformed input request: texts must list 1 to ${MAX_INPUTS.cohere} strings`,
    );
    return true;
  }
  if (!['search_document', 'search_query', 'classification', 'clustering'].includes(body.input_type ?? '')) {
    fail(400, 'ValidationException', 'Malformed input request: input_type is required');
    return true;
  }
  sendJson(exchange, 200, {
    id: newId('embed-'),
    response_type: 'embeddings_floats',
    texts,
    embeddings: texts.map((text) => embedText(text, native)),
  });
  return true;
}
