import { APICallError, LoadAPIKeyError } from '@ai-sdk/provider';
import {
  AccessDeniedException,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../domain/models/model-provider.js';
import { ProviderHttpError, sanitize, toProviderError } from './provider-errors.js';

const KEY = 'sk-proj-SECRET1234567890';

function apiCallError(statusCode: number | undefined, body: unknown, cause?: unknown) {
  const responseBody = body === undefined ? undefined : JSON.stringify(body);
  return new APICallError({
    message: (body as { error?: { message?: string } })?.error?.message ?? 'Bad Request',
    url: 'https://api.example.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody,
    data: body,
    cause,
  });
}

function awsError<T>(Exception: new (options: never) => T, status: number, message: string): T {
  return new Exception({ message, $metadata: { httpStatusCode: status } } as never);
}

describe('toProviderError', () => {
  it('maps a rejected key to auth and never repeats the key the provider echoed', () => {
    const echoed = { error: { message: `Incorrect API key provided: ${KEY}.`, code: 'invalid_api_key' } };
    const error = toProviderError(apiCallError(401, echoed), {
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: KEY,
    });
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      kind: 'auth',
      code: 'BAD_REQUEST',
      message: 'The OpenAI API key was rejected. Check the key in Settings.',
    });
    expect(error.message).not.toContain(KEY);
  });

  it.each([
    [
      'Google 400 API_KEY_INVALID',
      400,
      {
        error: {
          code: 400,
          message: 'API key not valid.',
          status: 'INVALID_ARGUMENT',
          details: [{ reason: 'API_KEY_INVALID' }],
        },
      },
    ],
    ['403', 403, { error: { message: 'forbidden' } }],
  ])('treats %s as auth', (_name, status, body) => {
    expect(toProviderError(apiCallError(status, body), { provider: 'google' }).kind).toBe('auth');
  });

  it('maps 429 to rate_limit', () => {
    const error = toProviderError(apiCallError(429, { error: { message: 'slow down' } }), {
      provider: 'anthropic',
    });
    expect(error).toMatchObject({
      kind: 'rate_limit',
      code: 'RATE_LIMITED',
      message: 'Anthropic is rate limiting requests. Try again in a moment.',
    });
  });

  it('maps 404 and "invalid model" answers to model_not_found, naming the model', () => {
    const notFound = toProviderError(apiCallError(404, { error: { message: 'nope' } }), {
      provider: 'openai',
      model: 'gpt-9',
    });
    expect(notFound).toMatchObject({
      kind: 'model_not_found',
      message: "The model 'gpt-9' is not available from OpenAI.",
    });
    const mistral = {
      object: 'error',
      message: 'Invalid model: x',
      type: 'invalid_model',
      param: null,
      code: '1500',
    };
    expect(toProviderError(apiCallError(400, mistral), { provider: 'mistral', model: 'x' }).kind).toBe(
      'model_not_found',
    );
  });

  it('reads a 404 without a model (models list, validate) as a wrong base URL', () => {
    const error = toProviderError(new ProviderHttpError(404, 'Not Found'), { provider: 'custom' });
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Custom is unavailable: HTTP 404 (check the base URL)',
    });
  });

  it("maps 400 to bad_request with the provider's message, key redacted", () => {
    const body = { error: { message: `max_tokens too large for key ${KEY}`, type: 'invalid_request_error' } };
    const error = toProviderError(apiCallError(400, body), {
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: KEY,
    });
    expect(error).toMatchObject({
      kind: 'bad_request',
      message: 'OpenAI rejected the request: max_tokens too large for key [redacted]',
    });
  });

  it('maps 5xx and network failures to unavailable with a short reason', () => {
    expect(
      toProviderError(new ProviderHttpError(503, '{"message":"overloaded"}'), { provider: 'mistral' })
        .message,
    ).toBe('Mistral is unavailable: overloaded (HTTP 503)');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), {
      code: 'ECONNREFUSED',
    });
    const cannotConnect = apiCallError(undefined, undefined, refused);
    expect(toProviderError(cannotConnect, { provider: 'custom' }).message).toBe(
      'Custom is unavailable: connection refused',
    );
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(toProviderError(timeout, { provider: 'google' }).message).toBe('Google is unavailable: timed out');
  });

  it('maps AWS SDK exceptions by status and name', () => {
    const context = { provider: 'bedrock' as const, model: 'claude-3-haiku-20240307' };
    expect(toProviderError(awsError(ThrottlingException, 429, 'Too many requests'), context).kind).toBe(
      'rate_limit',
    );
    const invalidModel = awsError(ValidationException, 400, 'The provided model identifier is invalid.');
    expect(toProviderError(invalidModel, context).kind).toBe('model_not_found');
    const denied = toProviderError(awsError(AccessDeniedException, 403, 'no access'), context);
    expect(denied).toMatchObject({
      kind: 'auth',
      message: expect.stringMatching(/^Amazon Bedrock denied access/),
    });
  });

  it('maps in-stream error events by their type', () => {
    const overloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    expect(toProviderError(overloaded, { provider: 'anthropic' })).toMatchObject({
      kind: 'unavailable',
      message: 'Anthropic is unavailable: Overloaded',
    });
    const limited = { type: 'error', error: { type: 'rate_limit_error', message: 'limit' } };
    expect(toProviderError(limited, { provider: 'anthropic' }).kind).toBe('rate_limit');
  });

  it('treats a missing key from the AI SDK as auth and passes ProviderErrors through', () => {
    expect(
      toProviderError(new LoadAPIKeyError({ message: 'OPENAI_API_KEY missing' }), { provider: 'openai' })
        .kind,
    ).toBe('auth');
    const original = new ProviderError('rate_limit', 'as is');
    expect(toProviderError(original, { provider: 'openai' })).toBe(original);
  });
});

describe('sanitize', () => {
  it('removes the key, key-shaped strings and keeps one short line', () => {
    expect(sanitize(`bad ${KEY}\n and AIzaSyA1234567890abcdef`, KEY)).toBe('bad [redacted] and [redacted]');
    expect(sanitize('x'.repeat(500))).toHaveLength(200);
  });
});
