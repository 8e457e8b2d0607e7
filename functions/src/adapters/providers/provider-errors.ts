/**
 * The one place that turns provider failures (AI SDK errors, AWS SDK exceptions, plain HTTP
 * answers, network errors, in-stream error events) into ProviderError with a message safe to show.
 */
import { ProviderError, type ProviderId } from '../../domain/models/model-provider.js';
import { PROVIDER_LABELS } from './catalog.js';

export interface ErrorContext {
  provider: ProviderId;
  /** The model of the failed call; absent for listModels/validate. */
  model?: string;
  /** Redacted from every message we build (some APIs echo the key back, e.g. OpenAI's 401). */
  apiKey?: string;
}

/** A non-2xx answer to a plain fetch of ours (models list, validate). */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}`);
  }
}

interface Failure {
  status?: number;
  /** The provider's own error codes and types, space-separated (`invalid_api_key`, `ThrottlingException`, ...). */
  code?: string;
  message?: string;
  /** Set when no HTTP answer came back: the low-level reason. */
  network?: string;
}

const AUTH_CODES =
  /api_key_invalid|authentication_error|invalid_api_key|unrecognizedclient|accessdenied|permission_denied/i;
const RATE_CODES = /rate_limit|throttling|resource_exhausted|modelnotready|too_many_requests/i;
const MODEL_CODES = /model_not_found|invalid_model|resourcenotfound|not_found_error/i;
const MODEL_MESSAGES =
  /model identifier is invalid|invalid model|unknown model|model\b.*\b(not found|does not exist)/i;

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
  UND_ERR_HEADERS_TIMEOUT: 'timed out',
  ECONNRESET: 'connection reset',
  UND_ERR_SOCKET: 'connection reset',
};

export function toProviderError(error: unknown, context: ErrorContext): ProviderError {
  if (error instanceof ProviderError) return error;
  const label = PROVIDER_LABELS[context.provider];
  const failure = describe(error);
  const { status, code = '', network } = failure;
  const message = sanitize(failure.message ?? '', context.apiKey);
  // Not the raw error as cause: SDK errors carry the prompt and response bodies, which may echo the key.
  const options = { cause: { status, code, message, network } };

  if (status === 401 || status === 403 || AUTH_CODES.test(code) || /API key not valid/i.test(message)) {
    return new ProviderError('auth', authMessage(context.provider), options);
  }
  if (status === 429 || RATE_CODES.test(code)) {
    return new ProviderError(
      'rate_limit',
      `${label} is rate limiting requests. Try again in a moment.`,
      options,
    );
  }
  const modelMissing = status === 404 || MODEL_CODES.test(code) || MODEL_MESSAGES.test(message);
  if (modelMissing && context.model !== undefined) {
    const model = sanitize(context.model, context.apiKey);
    return new ProviderError(
      'model_not_found',
      `The model '${model}' is not available from ${label}.`,
      options,
    );
  }
  if (status !== undefined && status >= 400 && status < 500 && status !== 404 && status !== 408) {
    const reason = message || `HTTP ${status}`;
    return new ProviderError('bad_request', `${label} rejected the request: ${reason}`, options);
  }
  const reason = unavailableReason(status, message, sanitize(network ?? '', context.apiKey));
  return new ProviderError('unavailable', `${label} is unavailable: ${reason}`, options);
}

function unavailableReason(status: number | undefined, message: string, network: string): string {
  if (status === undefined) return network || message || 'no response';
  if (status === 404) return 'HTTP 404 (check the base URL)';
  if (!message || message.includes(String(status))) return message || `HTTP ${status}`;
  return `${message} (HTTP ${status})`;
}

export function missingKeyError(provider: ProviderId): ProviderError {
  return new ProviderError('auth', `No ${PROVIDER_LABELS[provider]} API key is set. Add one in Settings.`);
}

function authMessage(provider: ProviderId): string {
  // Bedrock runs on the service's own AWS credentials: there is no user key to check.
  if (provider === 'bedrock')
    return 'Amazon Bedrock denied access to this model. Try another provider in Settings.';
  return `The ${PROVIDER_LABELS[provider]} API key was rejected. Check the key in Settings.`;
}

/** Removes the key (and anything shaped like a well-known key) and keeps messages one short line. */
export function sanitize(text: string, apiKey?: string): string {
  let clean = text;
  if (apiKey && apiKey.length >= 4) clean = clean.split(apiKey).join('[redacted]');
  clean = clean.replace(/\b(sk-[\w-]{6,}|AIza[\w-]{10,}|AKIA[A-Z0-9]{12,})/g, '[redacted]');
  clean = clean.replace(/\s+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 197)}...` : clean;
}

function describe(error: unknown): Failure {
  if (error instanceof ProviderHttpError)
    return { status: error.status, ...errorFields(parseJson(error.body)) };
  if (!isRecord(error)) return { network: String(error) };

  // AI SDK: APICallError (HTTP answer or "Cannot connect to API"), LoadAPIKeyError.
  if (error.name === 'AI_APICallError') {
    const status = typeof error.statusCode === 'number' ? error.statusCode : undefined;
    const fields = errorFields(error.data ?? parseJson(error.responseBody));
    const message = fields.message ?? stringOr(error.message);
    // No status: no answer. A 2xx status: the answer broke off while being read.
    return status === undefined || status < 300
      ? { network: networkReason(error.cause) ?? message }
      : { status, code: fields.code, message };
  }
  if (error.name === 'AI_LoadAPIKeyError') return { status: 401 };

  // AWS SDK service exceptions carry the HTTP status and the exception name.
  const metadata = error.$metadata;
  if (isRecord(metadata) && typeof metadata.httpStatusCode === 'number') {
    return { status: metadata.httpStatusCode, code: stringOr(error.name), message: stringOr(error.message) };
  }
  const reason = networkReason(error);
  if (reason) return { network: reason };
  // In-stream error events (Anthropic `{type:'error', error:{...}}`, OpenAI `{error:{...}}`) and AWS stream exceptions.
  const fields = errorFields(error);
  if (fields.code || fields.message)
    return { code: fields.code ?? stringOr(error.name), message: fields.message };
  return { network: stringOr(error.message) ?? 'unexpected error' };
}

/** The message and code of the common error body shapes: `{error:{message,type|code|status,details}}`, `{message,type}`. */
function errorFields(body: unknown): { code?: string; message?: string } {
  // A body that is not a provider's JSON error (an HTML page, a proxy's text) is never echoed back.
  if (!isRecord(body)) return {};
  const inner = isRecord(body.error) ? body.error : body;
  const details = Array.isArray(inner.details) && isRecord(inner.details[0]) ? inner.details[0] : {};
  const codes = [details.reason, inner.code, inner.type, inner.status, body.__type].filter(
    (value): value is string => typeof value === 'string' && value !== 'error',
  );
  const message =
    stringOr(inner.message) ?? stringOr(body.message) ?? stringOr(body.detail) ?? stringOr(body.error);
  return { code: codes.join(' ') || undefined, message };
}

function networkReason(error: unknown): string | undefined {
  for (let current = error, depth = 0; isRecord(current) && depth < 4; current = current.cause, depth++) {
    if (current.name === 'TimeoutError') return 'timed out';
    const code = typeof current.code === 'string' ? current.code : undefined;
    if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
    if (code?.startsWith('ERR_HTTP2')) return 'connection reset';
    if (Array.isArray(current.errors)) return networkReason(current.errors[0]);
  }
  return undefined;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
