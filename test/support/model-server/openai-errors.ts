/** The error bodies of the Chat Completions dialects, as each real server sends them. */
import { type Exchange, newId, sendJson } from './exchange.js';

export type ChatDialect = 'openai' | 'mistral' | 'custom';

const OPENAI_ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: "Invalid value for 'messages'." },
  401: { type: 'invalid_request_error', code: 'invalid_api_key', message: 'Incorrect API key provided.' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model does not exist.' },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message:
      'Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.',
  },
  500: {
    type: 'server_error',
    code: null,
    message: 'The server had an error while processing your request. Sorry about that!',
  },
  503: {
    type: 'server_error',
    code: null,
    message: 'The engine is currently overloaded, please try again later.',
  },
};

const PLAIN_MESSAGES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Unauthorized',
  404: 'Not found',
  429: 'Requests rate limit exceeded',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/**
 * The dialect's real error body: OpenAI `{error:{message,type,param,code}}`; Mistral
 * `{object:'error',...}`, or `{message}` from its gateway (401, 429); Ollama `{error:{message}}`,
 * vLLM's key check `{error:'Unauthorized'}`.
 */
export function sendError(dialect: ChatDialect, exchange: Exchange, status: number, message?: string) {
  const plain = message ?? PLAIN_MESSAGES[status] ?? `HTTP ${status}`;
  if (dialect === 'openai') {
    const known = OPENAI_ERRORS[status] ?? { type: 'invalid_request_error', code: null, message: plain };
    return sendJson(exchange, status, {
      error: { message: message ?? known.message, type: known.type, param: null, code: known.code },
    });
  }
  if (dialect === 'custom') {
    return sendJson(
      exchange,
      status,
      status === 401
        ? { error: 'Unauthorized' }
        : { error: { message: plain, type: 'api_error', param: null, code: null } },
    );
  }
  if (status === 401 || status === 429)
    return sendJson(exchange, status, { message: plain, request_id: newId('') });
  const type = status >= 500 ? 'internal_server_error' : 'invalid_request_error';
  sendJson(exchange, status, { object: 'error', message: plain, type, param: null, code: null });
}

/** Mistral answers an unknown model with 400 `invalid_model`, not 404. */
export function sendUnknownModel(dialect: ChatDialect, exchange: Exchange, model: string) {
  if (dialect !== 'mistral') {
    return sendError(
      dialect,
      exchange,
      404,
      `The model \`${model}\` does not exist or you do not have access to it.`,
    );
  }
  sendJson(exchange, 400, {
    object: 'error',
    message: `Invalid model: ${model}`,
    type: 'invalid_model',
    param: null,
    code: '1500',
  });
}
