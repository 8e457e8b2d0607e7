import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, apiErrorKind, apiErrorMessageFromBody } from './api-error';

describe('apiErrorMessageFromBody', () => {
  it('prefers error.message, then error, then message', () => {
    expect(apiErrorMessageFromBody({ error: { message: 'nested' }, message: 'top' }, 400)).toBe('nested');
    expect(apiErrorMessageFromBody({ error: 'flat', message: 'top' }, 400)).toBe('flat');
    expect(apiErrorMessageFromBody({ code: 'NOT_FOUND', message: 'Not found' }, 404)).toBe('Not found');
  });

  it('falls back to the HTTP status', () => {
    expect(apiErrorMessageFromBody(undefined, 502)).toBe('HTTP error 502');
    expect(apiErrorMessageFromBody({ message: '' }, 418)).toBe('HTTP error 418');
  });
});

describe('apiErrorKind', () => {
  it.each([
    [0, 'network'],
    [401, 'authentication'],
    [403, 'authentication'],
    [404, 'not_found'],
    [409, 'client'],
    [500, 'server'],
    [503, 'server'],
  ])('classifies status %i as %s', (status, kind) => {
    expect(apiErrorKind(status)).toBe(kind);
  });
});

describe('apiErrorBodySchema', () => {
  it('requires a code and a message', () => {
    expect(apiErrorBodySchema.safeParse({ code: 'UNAUTHORIZED', message: 'Unauthorized' }).success).toBe(
      true,
    );
    expect(apiErrorBodySchema.safeParse({ message: 'Unauthorized' }).success).toBe(false);
  });
});
