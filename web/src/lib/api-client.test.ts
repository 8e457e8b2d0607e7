import { API_ERROR_MESSAGES } from '@agentforge/shared';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const BASE_URL = 'https://api.example.test/api';
const client = createApiClient({ baseUrl: () => BASE_URL });
const fetchMock = vi.fn<typeof fetch>();

/** An Amplify session whose ID token serialises to `token` (or a session without tokens). */
function session(token?: string) {
  return (token ? { tokens: { idToken: { toString: () => token } } } : {}) as Awaited<
    ReturnType<typeof fetchAuthSession>
  >;
}

function json(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(fetchAuthSession).mockResolvedValue(session('id-token-1'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

describe('api client requests', () => {
  it('sends the bearer ID token and a JSON body to the base URL', async () => {
    fetchMock.mockResolvedValue(json({ id: 'c1' }, 201));
    await expect(client.post('/conversations', { title: 'New Conversation' })).resolves.toEqual({ id: 'c1' });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${BASE_URL}/conversations`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"title":"New Conversation"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer id-token-1');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('adds the query and sends no body on GET', async () => {
    fetchMock.mockResolvedValue(json([]));
    await client.get('conversations', { query: { limit: 20, cursor: undefined, all: true } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${BASE_URL}/conversations?limit=20&all=true`);
    expect(init?.body).toBeUndefined();
  });

  it('parses the response with the given schema', async () => {
    fetchMock.mockResolvedValue(json({ isWhitelisted: true, extra: 1 }));
    const schema = z.object({ isWhitelisted: z.boolean() });
    const user = await client.get('/user', { schema });
    expect(user).toEqual({ isWhitelisted: true });
  });

  it('uses PUT and DELETE', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await client.put('/conversations/c1', { updatedAt: 1 });
    await client.del('/conversations/c1');
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['PUT', 'DELETE']);
  });

  it('yields an empty object for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(client.del('/conversations/c1')).resolves.toEqual({});
  });
});

describe('api client ID token', () => {
  it('refreshes the session once when it has no ID token', async () => {
    vi.mocked(fetchAuthSession)
      .mockResolvedValueOnce(session())
      .mockResolvedValueOnce(session('fresh-token'));
    fetchMock.mockResolvedValue(json({}));
    await client.get('/users/me');
    expect(vi.mocked(fetchAuthSession).mock.calls).toEqual([[undefined], [{ forceRefresh: true }]]);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe(
      'Bearer fresh-token',
    );
  });

  it('fails with an auth error when the refreshed session has no ID token either', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(session());
    const error = await failure(client.get('/users/me'));
    expect(error.message).toBe(API_ERROR_MESSAGES.noIdToken);
    expect(error.kind).toBe('authentication');
    expect(fetchAuthSession).toHaveBeenCalledTimes(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails with the no-token error, keeping the cause, when the session cannot be read', async () => {
    const cause = new Error('refresh token revoked');
    vi.mocked(fetchAuthSession).mockRejectedValue(cause);
    const error = await failure(client.get('/users/me'));
    expect(error.message).toBe(API_ERROR_MESSAGES.noIdToken);
    expect(error.cause).toBe(cause);
  });
});

describe('api client ID token reuse', () => {
  const withExpiry = (token: string, minutesLeft: number) =>
    ({
      tokens: { idToken: { toString: () => token, payload: { exp: Date.now() / 1000 + minutesLeft * 60 } } },
    }) as Awaited<ReturnType<typeof fetchAuthSession>>;
  const bearer = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('authorization');

  it('asks Amplify once for the requests of a screen, again near expiry, after a minute or an auth event', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      fetchMock.mockImplementation(async () => json({}));
      vi.mocked(fetchAuthSession).mockResolvedValue(withExpiry('token-a', 60));
      await Promise.all([client.get('/user'), client.get('/conversations'), client.get('/providers')]);
      await client.get('/servers');
      expect(fetchAuthSession).toHaveBeenCalledTimes(1);
      expect([0, 1, 2, 3].map(bearer)).toEqual(Array(4).fill('Bearer token-a'));

      vi.advanceTimersByTime(61_000);
      vi.mocked(fetchAuthSession).mockResolvedValue(withExpiry('token-b', 4));
      await client.get('/user');
      // Under five minutes left: Amplify decides (and refreshes) every time.
      await client.get('/user');
      expect(fetchAuthSession).toHaveBeenCalledTimes(3);

      vi.mocked(fetchAuthSession).mockResolvedValue(withExpiry('token-c', 60));
      await client.get('/user');
      Hub.dispatch('auth', { event: 'signedOut' }, 'Auth', Symbol.for('amplify_default'));
      vi.mocked(fetchAuthSession).mockResolvedValue(withExpiry('token-d', 60));
      await client.get('/user');
      expect(fetchAuthSession).toHaveBeenCalledTimes(5);
      expect(bearer(7)).toBe('Bearer token-d');
      Hub.dispatch('auth', { event: 'signedOut' }, 'Auth', Symbol.for('amplify_default'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('api client errors', () => {
  it('reports a network failure as status 0', async () => {
    const cause = new TypeError('fetch failed');
    fetchMock.mockRejectedValue(cause);
    const error = await failure(client.get('/conversations'));
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 0,
      kind: 'network',
      message: API_ERROR_MESSAGES.network,
    });
    expect(error.cause).toBe(cause);
  });

  it('lets an abort by the caller through unchanged', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(client.get('/conversations', { signal: AbortSignal.abort() })).rejects.toBe(abort);
  });

  it('reports an unparseable success body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 200 }));
    const error = await failure(client.get('/conversations'));
    expect(error).toMatchObject({ status: 200, kind: 'server', message: API_ERROR_MESSAGES.parseFailure });
    expect(error.data).toBe('<html>oops</html>');
  });

  it('reports a success body that does not match the schema as a parse failure', async () => {
    fetchMock.mockResolvedValue(json({ isWhitelisted: 'yes' }));
    const error = await failure(client.get('/user', { schema: z.object({ isWhitelisted: z.boolean() }) }));
    expect(error.message).toBe(API_ERROR_MESSAGES.parseFailure);
    expect(error.cause).toBeInstanceOf(z.core.$ZodError);
  });

  it.each([
    [{ error: { message: 'nested' }, message: 'top' }, 'nested'],
    [{ error: 'flat', message: 'top' }, 'flat'],
    [{ code: 'CONFLICT', message: 'top' }, 'top'],
    [{ something: 'else' }, 'HTTP error 409'],
    ['plain text', 'HTTP error 409'],
  ])('takes the message from the body %j', async (body, message) => {
    fetchMock.mockResolvedValue(
      typeof body === 'string' ? new Response(body, { status: 409 }) : json(body, 409, 'Conflict'),
    );
    const error = await failure(client.post('/conversations', {}));
    expect(error.message).toBe(message);
    expect(error.data).toEqual(body);
  });

  it.each([
    [400, 'client'],
    [403, 'authentication'],
    [404, 'not_found'],
    [422, 'client'],
    [500, 'server'],
    [503, 'server'],
  ])('classifies status %i as %s', async (status, kind) => {
    fetchMock.mockResolvedValue(json({ code: 'X', message: 'handler message' }, status, 'Status text'));
    const error = await failure(client.get('/conversations'));
    expect(error).toMatchObject({ status, statusText: 'Status text', kind, message: 'handler message' });
    expect(error.data).toEqual({ code: 'X', message: 'handler message' });
  });

  it.each([
    ['the gateway authorizer', { message: 'Unauthorized' }],
    ['the local stack or the stream route', { code: 'UNAUTHORIZED', message: 'Unauthorized' }],
  ])('says the session may have expired when %s refuses the token', async (_, body) => {
    fetchMock.mockResolvedValue(json(body, 401, 'Unauthorized'));
    const error = await failure(client.get('/conversations'));
    expect(error).toMatchObject({
      status: 401,
      kind: 'authentication',
      message: API_ERROR_MESSAGES.sessionExpired,
      data: body,
    });
  });
});
